#!/usr/bin/python3
"""The colour maps ActLab draws heatmaps with, from matplotlib 3.6 (Debian's python3-matplotlib):

  scripts/make_colormap_fixtures.py fixture   writes tests/ui/fixtures/colormaps.json: the 256
                                              entries of viridis and cividis (0–255 sRGB), the
                                              oracle tests/ui/test_appearance.cpp checks the
                                              app's interpolated maps against
  scripts/make_colormap_fixtures.py tables    prints the 52-stop C++ tables of
                                              ui/heatmap/color_maps.cpp (every fifth entry), and
                                              the blue–white–orange diverging map's 11 stops

viridis: van der Walt & Smith (2015); cividis: Nuñez, Anderton & Renslow (2018), "Optimizing
colormaps with consideration for color vision deficiency", PLoS ONE 13(7). The blue–white–orange
map is made here: CIELAB lightness falls from 100 (white, zero) to 30 at both ends alike, hues 285°
(blue) and 55° (orange), the blue–yellow axis every dichromat keeps, chroma as high as sRGB allows
up to 80·s^0.8 (s = distance from the centre).
"""
import math
import json
import sys
from pathlib import Path

from matplotlib import colormaps

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests/ui/fixtures/colormaps.json"
NAMES = ("viridis", "cividis")
STOPS = 52


def entries(name):
    cmap = colormaps[name].resampled(256)
    return [[round(255 * c) for c in cmap(i)[:3]] for i in range(256)]


def lab_to_srgb(lightness, a, b):
    """CIELAB (D65) to 0–255 sRGB, or None outside the sRGB gamut."""
    d = 6 / 29
    fy = (lightness + 16) / 116
    inverse = lambda f: f**3 if f > d else 3 * d * d * (f - 4 / 29)
    x, y, z = 0.95047 * inverse(fy + a / 500), inverse(fy), 1.08883 * inverse(fy - b / 200)
    rgb = (3.2406 * x - 1.5372 * y - 0.4986 * z, -0.9689 * x + 1.8758 * y + 0.0415 * z,
           0.0557 * x - 0.2040 * y + 1.0570 * z)
    if any(v < -1e-4 or v > 1 + 1e-4 for v in rgb):
        return None
    encode = lambda v: 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return tuple(round(255 * encode(min(max(v, 0.0), 1.0))) for v in rgb)


def ramp(hue, steps=5, end_lightness=30):
    """From next to white out to the end: one side of the diverging map."""
    out = []
    for k in range(1, steps + 1):
        s = k / steps
        lightness = 100 - (100 - end_lightness) * s
        chroma = 80 * s**0.8
        cos, sin = math.cos(math.radians(hue)), math.sin(math.radians(hue))
        while chroma > 0 and lab_to_srgb(lightness, chroma * cos, chroma * sin) is None:
            chroma -= 0.5
        out.append(lab_to_srgb(lightness, chroma * cos, chroma * sin))
    return out


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what == "fixture":
        data = {"source": "matplotlib " + __import__("matplotlib").__version__}
        data.update({name: entries(name) for name in NAMES})
        FIXTURE.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    elif what == "tables":
        for name in NAMES:
            table = entries(name)
            stops = [table[round(k * 255 / (STOPS - 1))] for k in range(STOPS)]
            print(f"constexpr std::array<Stop, {STOPS}> k{name.capitalize()} = {{{{")
            for r, g, b in stops:
                print(f"    {{{r}, {g}, {b}}},")
            print("}};")
        print("constexpr std::array<Stop, 11> kBlueOrange = {{")
        for r, g, b in list(reversed(ramp(285))) + [(255, 255, 255)] + ramp(55):
            print(f"    {{{r}, {g}, {b}}},")
        print("}};")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()

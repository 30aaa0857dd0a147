// Colour-map tables and their linear interpolation (in sRGB, between neighbouring stops).
#include "ui/heatmap/color_maps.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace actlab::ui {
namespace {

struct Stop {
    int r, g, b;
};

// Diverging: ColorBrewer RdBu (reversed so that low = blue), with pure white at the centre so
// that zero reads as "nothing". Symmetric: stop k and stop 8 − k have the same lightness.
constexpr std::array<Stop, 9> kDiverging = {{
    {5, 48, 97},  // low end: dark blue
    {33, 102, 172},
    {67, 147, 195},
    {146, 197, 222},
    {255, 255, 255},  // zero
    {244, 165, 130},
    {214, 96, 77},
    {178, 24, 43},
    {103, 0, 31},  // high end: dark red
}};

// Sequential: viridis (van der Walt & Smith, matplotlib), 16 evenly spaced samples.
constexpr std::array<Stop, 16> kViridis = {{
    {68, 1, 84},
    {72, 26, 108},
    {71, 47, 125},
    {65, 68, 135},
    {57, 86, 140},
    {49, 104, 142},
    {42, 120, 142},
    {35, 136, 142},
    {31, 152, 139},
    {34, 168, 132},
    {53, 183, 121},
    {84, 197, 104},
    {122, 209, 81},
    {165, 219, 54},
    {210, 226, 27},
    {253, 231, 37},
}};

template <size_t N>
QRgb interpolate(const std::array<Stop, N>& stops, double t) {
    const double position = std::clamp(t, 0.0, 1.0) * double(N - 1);
    const size_t low = std::min(size_t(position), N - 2);
    const double f = position - double(low);
    const Stop& a = stops[low];
    const Stop& b = stops[low + 1];
    auto mix = [f](int p, int q) { return int(std::lround(p + (q - p) * f)); };
    return qRgb(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b));
}

}  // namespace

QString colorMapKey(ColorMap map) {
    return map == ColorMap::Diverging ? QStringLiteral("diverging") : QStringLiteral("sequential");
}

ColorMap colorMapFromKey(const QString& key, ColorMap fallback) {
    if (key == QLatin1String("diverging")) return ColorMap::Diverging;
    if (key == QLatin1String("sequential")) return ColorMap::Sequential;
    return fallback;
}

QRgb colorAt(ColorMap map, double t) {
    if (std::isnan(t)) return kNanColor;
    return map == ColorMap::Diverging ? interpolate(kDiverging, t) : interpolate(kViridis, t);
}

QImage colorBarImage(ColorMap map, int height) {
    height = std::max(height, 2);
    QImage strip(1, height, QImage::Format_RGB32);
    for (int y = 0; y < height; ++y)
        strip.setPixel(0, y, colorAt(map, 1.0 - double(y) / double(height - 1)));
    return strip;
}

}  // namespace actlab::ui

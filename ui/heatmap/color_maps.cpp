// Colour-map tables and their linear interpolation (in sRGB, between neighbouring stops); the
// maps in use are the appearance's (ui/common/appearance.h).
#include "ui/heatmap/color_maps.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "ui/common/appearance.h"

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

// Diverging, blue–white–orange: as light on both sides at equal distance from zero (CIELAB
// lightness 100 to 30), on the blue–yellow axis every dichromat keeps
// (scripts/make_colormap_fixtures.py tables).
constexpr std::array<Stop, 11> kBlueOrange = {{
    {0, 69, 144},
    {2, 102, 205},
    {97, 136, 229},
    {154, 174, 244},
    {205, 213, 254},
    {255, 255, 255},
    {251, 206, 182},
    {232, 160, 120},
    {205, 116, 64},
    {174, 74, 1},
    {121, 49, 0},
}};

// Sequential: viridis (van der Walt & Smith, matplotlib) and cividis (Nuñez et al. 2018, made
// for colour-vision deficiency): every fifth of matplotlib's 256 entries, 52 stops
// (scripts/make_colormap_fixtures.py tables).
constexpr std::array<Stop, 52> kViridis = {{
    {68, 1, 84},    {70, 8, 92},    {71, 16, 99},   {72, 23, 105},  {72, 29, 111},  {72, 36, 117},
    {71, 42, 122},  {70, 48, 126},  {69, 55, 129},  {67, 61, 132},  {65, 66, 135},  {63, 72, 137},
    {61, 78, 138},  {58, 83, 139},  {56, 89, 140},  {53, 94, 141},  {51, 99, 141},  {49, 104, 142},
    {46, 109, 142}, {44, 113, 142}, {42, 118, 142}, {41, 123, 142}, {39, 128, 142}, {37, 132, 142},
    {35, 137, 142}, {33, 142, 141}, {32, 146, 140}, {31, 151, 139}, {30, 156, 137}, {31, 161, 136},
    {33, 165, 133}, {36, 170, 131}, {40, 174, 128}, {46, 179, 124}, {53, 183, 121}, {61, 188, 116},
    {70, 192, 111}, {80, 196, 106}, {90, 200, 100}, {101, 203, 94}, {112, 207, 87}, {124, 210, 80},
    {137, 213, 72}, {149, 216, 64}, {162, 218, 55}, {176, 221, 47}, {189, 223, 38}, {202, 225, 31},
    {216, 226, 25}, {229, 228, 25}, {241, 229, 29}, {253, 231, 37},
}};
constexpr std::array<Stop, 52> kCividis = {{
    {0, 34, 78},     {0, 38, 86},     {0, 42, 95},     {0, 45, 104},    {0, 48, 112},
    {8, 51, 112},    {22, 55, 112},   {32, 58, 111},   {39, 62, 110},   {46, 65, 109},
    {52, 69, 108},   {58, 72, 108},   {63, 76, 108},   {68, 79, 108},   {73, 83, 108},
    {78, 86, 108},   {83, 90, 109},   {87, 93, 109},   {92, 97, 110},   {96, 100, 111},
    {101, 104, 112}, {105, 107, 113}, {109, 111, 114}, {114, 114, 116}, {118, 118, 118},
    {122, 122, 120}, {126, 125, 120}, {131, 129, 121}, {136, 133, 120}, {141, 136, 120},
    {146, 140, 120}, {150, 144, 119}, {155, 148, 118}, {160, 152, 117}, {165, 156, 116},
    {170, 160, 115}, {175, 164, 113}, {181, 168, 111}, {186, 172, 109}, {191, 176, 107},
    {196, 180, 104}, {201, 185, 101}, {207, 189, 98},  {212, 193, 95},  {218, 198, 91},
    {223, 202, 87},  {229, 207, 82},  {234, 211, 76},  {240, 216, 70},  {246, 221, 63},
    {252, 226, 54},  {254, 232, 56},
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
    const Appearance& look = appearance();
    if (map == ColorMap::Diverging)
        return look.diverging == DivergingMap::BlueOrange ? interpolate(kBlueOrange, t)
                                                          : interpolate(kDiverging, t);
    return look.sequential == SequentialMap::Cividis ? interpolate(kCividis, t)
                                                     : interpolate(kViridis, t);
}

QImage colorBarImage(ColorMap map, int height) {
    height = std::max(height, 2);
    QImage strip(1, height, QImage::Format_RGB32);
    for (int y = 0; y < height; ++y)
        strip.setPixel(0, y, colorAt(map, 1.0 - double(y) / double(height - 1)));
    return strip;
}

}  // namespace actlab::ui

// Colour maps for scalar fields: a diverging map (zero at white: RdBu or blue–white–orange) and a
// perceptual sequential map (viridis or cividis), as the appearance chooses
// (ui/common/appearance.h), both interpolated from small stop tables.
#pragma once

#include <QImage>
#include <QRgb>
#include <QString>

namespace actlab::ui {

enum class ColorMap { Diverging, Sequential };

QString colorMapKey(ColorMap map);                                // "diverging" | "sequential"
ColorMap colorMapFromKey(const QString& key, ColorMap fallback);  // fallback when unknown

// Colour of t in [0, 1] (clamped): 0 is the low end, 1 the high end; for the diverging map
// t = 0.5 is white. NaN is not handled here (see kNanColor).
QRgb colorAt(ColorMap map, double t);

// Cells whose value is NaN: a mid grey that appears in none of the maps.
inline constexpr QRgb kNanColor = 0xff8c8c8c;

// A 1 × n vertical strip of the map, top = high end, for colour bars.
QImage colorBarImage(ColorMap map, int height);

}  // namespace actlab::ui

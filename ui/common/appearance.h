// The application's colours (issue 9, presentation mode): a categorical palette (standard
// Tableau 10 or the colour-blind-safe Okabe–Ito set), the sequential map (viridis or cividis) and
// the diverging map (RdBu or blue–white–orange) every heatmap uses, and a high-contrast theme for
// projectors. One global choice, announced by AppearanceNotifier; the views repaint on it.
#pragma once

#include <QColor>
#include <QObject>
#include <QString>

namespace actlab::ui {

enum class CategoricalPalette { Standard, ColorBlindSafe };
enum class SequentialMap { Viridis, Cividis };
enum class DivergingMap { RedBlue, BlueOrange };

struct Appearance {
    CategoricalPalette palette = CategoricalPalette::Standard;
    SequentialMap sequential = SequentialMap::Viridis;
    DivergingMap diverging = DivergingMap::RedBlue;
    bool highContrast = false;  // black on white, darker grid, 1.5× lines
    bool operator==(const Appearance&) const = default;
};

// Announces each change of the appearance (after the application palette has changed).
class AppearanceNotifier : public QObject {
    Q_OBJECT
public:
    static AppearanceNotifier& instance();

signals:
    void changed();
};

const Appearance& appearance();
// Sets the appearance: the application palette for the theme, then AppearanceNotifier::changed.
void setAppearance(const Appearance& appearance);

// The settings keys' values: "standard" | "colour-blind-safe", "viridis" | "cividis",
// "rdbu" | "blue-orange"; unknown text gives the default.
QString paletteKey(CategoricalPalette palette);
QString sequentialMapKey(SequentialMap map);
QString divergingMapKey(DivergingMap map);
CategoricalPalette paletteFromKey(const QString& key);
SequentialMap sequentialMapFromKey(const QString& key);
DivergingMap divergingMapFromKey(const QString& key);

// The index-th colour of the categorical palette (cycling): curves, runs, layers.
QColor seriesColor(int index);
int seriesColorCount();
// The index of color in the current palette, or −1 (a colour not from the palette).
int seriesColorIndex(const QColor& color);

// Marks with a meaning: Bad = a dead unit, a wrong prediction; Good = a revived unit; the two
// classes of a binary task (Negative = class 0, Positive = class 1).
enum class Mark { Bad, Good, Negative, Positive };
QColor markColor(Mark mark);

// Line widths times this: 1.5 with high contrast, else 1.
double contrastLineFactor();
// Chart ink: axis lines, labels and titles; and grid lines (darker with high contrast).
QColor chartInkColor();

// WCAG 2.1 contrast ratio (L_lighter + 0.05) / (L_darker + 0.05) of relative luminances
// L = 0.2126 R + 0.7152 G + 0.0722 B (linearised sRGB): 1 to 21; text needs 4.5 (AA).
double contrastRatio(const QColor& a, const QColor& b);
QColor chartGridColor();

}  // namespace actlab::ui

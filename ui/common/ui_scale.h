// The UI scale of presentation mode: the application's font times 1, 1.25, 1.5 or 2, applied
// live. Widgets that keep the application font follow by themselves; those with a font of their
// own (a bold title 1.25 × as large) keep it relative with keepRelativeFont(); the charts scale
// their texts and lines by uiScale() (ui/charts/curve_chart.cpp).
#pragma once

#include <QObject>

class QDockWidget;
class QWidget;

namespace actlab::ui {

// Announces each change of the UI scale (after the application font has changed).
class UiScaleNotifier : public QObject {
    Q_OBJECT
public:
    static UiScaleNotifier& instance();

signals:
    void changed(double factor);
};

inline constexpr double kUiScales[] = {1.0, 1.25, 1.5, 2.0};

// Sets the application font to the font the application started with times factor (0.5 to 3).
void setUiScale(double factor);
double uiScale();  // 1 until setUiScale() is called

// The widget's font: the application font times factor (bold if asked), now and after every
// change of the application font.
void keepRelativeFont(QWidget* widget, double factor, bool bold = false);

// A column of controls `least` to `most` px wide at 100 %, as many times that as the UI scale,
// and never narrower than its layout's rows want (up to `most` × scale): a fixed width cut the
// texts that grow with the scale. Kept after every change of the scale.
void keepColumnWidth(QWidget* column, int least, int most);

// A dock widget whose title follows the UI scale. QDockWidget draws its title in the font
// QApplication::font("QDockWidgetTitle") had when the dock was made, unless the dock's own font
// differs from the application's (Qt 6.4): this gives it the application font, made unequal by
// a style strategy that changes nothing on screen.
void keepDockTitleScaled(QDockWidget* dock);

}  // namespace actlab::ui

// The UI scale: the starting application font, kept once, and an event filter per widget whose
// font is relative to the application's.
#include "ui/common/ui_scale.h"

#include <QApplication>
#include <QDockWidget>
#include <QLayout>
#include <QTimer>
#include <QWidget>
#include <algorithm>
#include <cmath>
#include <optional>

namespace actlab::ui {
namespace {

std::optional<QFont> g_baseFont;  // the application font before any scaling
double g_scale = 1.0;

class RelativeFont : public QObject {
public:
    RelativeFont(QWidget* widget, double factor, bool bold, bool distinct = false)
        : QObject(widget), m_widget(widget), m_factor(factor), m_bold(bold), m_distinct(distinct) {
        apply();
        connect(&UiScaleNotifier::instance(), &UiScaleNotifier::changed, this, [this] { apply(); });
    }

private:
    void apply() {
        QFont font = QApplication::font();
        font.setPointSizeF(font.pointSizeF() * m_factor);
        font.setBold(m_bold);
        // Unequal to the application font, not different to see.
        if (m_distinct) font.setStyleStrategy(QFont::PreferQuality);
        m_widget->setFont(font);
    }

    QWidget* m_widget;
    double m_factor;
    bool m_bold;
    bool m_distinct;
};

}  // namespace

UiScaleNotifier& UiScaleNotifier::instance() {
    static UiScaleNotifier notifier;
    return notifier;
}

void setUiScale(double factor) {
    factor = std::clamp(factor, 0.5, 3.0);
    if (!g_baseFont) g_baseFont = QApplication::font();
    g_scale = factor;
    QFont font = *g_baseFont;
    font.setPointSizeF(g_baseFont->pointSizeF() * factor);
    QApplication::setFont(font);
    // A widget with a style sheet keeps the font it was polished with (Qt 6.4): polished again,
    // it takes the new application font.
    for (QWidget* widget : QApplication::allWidgets()) {
        const QString sheet = widget->styleSheet();
        if (sheet.isEmpty()) continue;
        widget->setStyleSheet(QString());
        widget->setStyleSheet(sheet);
    }
    emit UiScaleNotifier::instance().changed(factor);
}

double uiScale() { return g_scale; }

void keepRelativeFont(QWidget* widget, double factor, bool bold) {
    new RelativeFont(widget, factor, bold);
}

void keepColumnWidth(QWidget* column, int least, int most) {
    const auto fit = [column, least, most] {
        const int high = int(std::lround(most * g_scale)), low = int(std::lround(least * g_scale));
        column->setMaximumWidth(high);
        int wanted = low;
        if (QLayout* layout = column->layout()) {
            layout->invalidate();
            wanted = std::max(wanted, layout->sizeHint().width());
        }
        column->setMinimumWidth(std::min(wanted, high));
    };
    fit();
    QObject::connect(&UiScaleNotifier::instance(), &UiScaleNotifier::changed, column,
                     [column, fit] {
                         QTimer::singleShot(0, column, fit);  // after the fonts' relayout
                     });
}

void keepDockTitleScaled(QDockWidget* dock) { new RelativeFont(dock, 1.0, false, true); }

}  // namespace actlab::ui

// Finds the texts a widget tree shows cut: a QLabel whose text needs more room than it has (its
// font's advance per line for plain text, the laid-out document for rich text, the height for
// its width when it wraps), and whatever a CurveChart reports as elided (title, axes, legend).
#pragma once

#include <QLabel>
#include <QStringList>
#include <QTextDocument>
#include <QWidget>
#include <algorithm>
#include <cmath>

#include "ui/charts/curve_chart.h"

namespace actlab::test {

// "" when the label shows all of its text, else what it cannot show and why.
inline QString labelCut(const QLabel& label) {
    const QString text = label.text();
    if (text.isEmpty()) return {};
    const QRect room = label.contentsRect().adjusted(label.margin(), label.margin(),
                                                     -label.margin(), -label.margin());
    if (label.wordWrap()) {
        const int needed = label.heightForWidth(label.width());
        return needed > label.height() ? QStringLiteral("%1 (wraps to %2 px, has %3)")
                                             .arg(text)
                                             .arg(needed)
                                             .arg(label.height())
                                       : QString();
    }
    const bool rich = label.textFormat() == Qt::RichText ||
                      (label.textFormat() == Qt::AutoText && Qt::mightBeRichText(text));
    int width = 0, height = 0;
    if (rich) {
        QTextDocument document;
        document.setDefaultFont(label.font());
        document.setDocumentMargin(0);
        document.setHtml(text);
        width = int(std::ceil(document.idealWidth()));
        height = int(std::ceil(document.size().height()));
    } else {
        const QFontMetrics metrics = label.fontMetrics();
        const QStringList lines = text.split(QLatin1Char('\n'));
        for (const QString& line : lines) width = std::max(width, metrics.horizontalAdvance(line));
        height = metrics.height() + (int(lines.size()) - 1) * metrics.lineSpacing();
    }
    if (width <= room.width() && height <= room.height()) return {};
    return QStringLiteral("%1 (needs %2×%3 px, has %4×%5)")
        .arg(text)
        .arg(width)
        .arg(height)
        .arg(room.width())
        .arg(room.height());
}

// Every cut text of the labels and charts shown in root, each named by its widget.
inline QStringList elidedTexts(const QWidget& root) {
    QStringList cut;
    for (const QLabel* label : root.findChildren<QLabel*>()) {
        if (!label->isVisibleTo(&root)) continue;
        const QString why = labelCut(*label);
        if (!why.isEmpty()) cut << QStringLiteral("label %1: %2").arg(label->objectName(), why);
    }
    for (const ui::CurveChart* chart : root.findChildren<ui::CurveChart*>()) {
        if (!chart->isVisibleTo(&root)) continue;
        for (const QString& text : chart->elidedTexts())
            cut << QStringLiteral("chart %1: \"%2\"").arg(chart->objectName(), text);
    }
    return cut;
}

}  // namespace actlab::test

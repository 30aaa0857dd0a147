// StatusLabel: the parts laid out greedily, as many per line as the label's width holds.
#include "ui/common/status_label.h"

#include <QResizeEvent>

namespace actlab::ui {
namespace {

const QString kSeparator = QStringLiteral(" · ");

}  // namespace

StatusLabel::StatusLabel(QWidget* parent) : QLabel(parent) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // may be cut, not widen
}

void StatusLabel::setParts(const QStringList& parts) {
    m_parts = parts;
    wrapParts();
}

void StatusLabel::setWrappedFont(const QFont& font) {
    m_wrappedFont = font;
    if (!m_parts.isEmpty()) wrapParts();
}

QString StatusLabel::oneLineText() const {
    return m_parts.isEmpty() ? text() : m_parts.join(kSeparator);
}

void StatusLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    if (!m_parts.isEmpty() && event->size().width() != event->oldSize().width()) wrapParts();
}

void StatusLabel::wrapParts() {
    if (!m_wrapped) m_oneLineFont = font();
    const int width = contentsRect().width() - 2 * margin();
    const QString oneLine = m_parts.join(kSeparator);
    m_wrapped = QFontMetrics(m_oneLineFont).horizontalAdvance(oneLine) > width;
    const QFont shown = m_wrapped ? m_wrappedFont : m_oneLineFont;
    if (font() != shown) setFont(shown);
    if (!m_wrapped) {
        setText(oneLine);
        return;
    }
    const QFontMetrics metrics(shown);
    QStringList lines;
    for (const QString& part : m_parts) {
        if (!lines.isEmpty() &&
            metrics.horizontalAdvance(lines.back() + kSeparator + part) <= width)
            lines.back() += kSeparator + part;
        else
            lines << part;
    }
    setText(lines.join(QLatin1Char('\n')));
}

}  // namespace actlab::ui

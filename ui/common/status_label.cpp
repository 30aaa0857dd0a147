// StatusLabel: the parts laid out greedily, as many per line as the label's width holds.
// ElidedLabel: QFontMetrics::elidedText at each resize.
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

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void ElidedLabel::setFullText(const QString& text) {
    m_full = text;
    setToolTip(text);
    elide();
}

QSize ElidedLabel::minimumSizeHint() const {
    return {fontMetrics().horizontalAdvance(QStringLiteral("…")),
            QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    elide();
}

void ElidedLabel::changeEvent(QEvent* event) {
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange) elide();
}

void ElidedLabel::elide() {
    const QString shown = fontMetrics().elidedText(m_full, Qt::ElideRight, contentsRect().width());
    if (shown != text()) setText(shown);
}

}  // namespace actlab::ui

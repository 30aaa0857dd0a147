// The status text beside the Play/Step/Reset row. setText: one line that may be cut rather than
// widen the row. setParts: parts joined by " · " on one line when they fit, else in the (smaller)
// wrapped font on more lines, broken between parts, never inside one. ElidedLabel: one line that
// ends in "…" where it does not fit, the whole text in its tooltip (the window's status bar).
#pragma once

#include <QLabel>
#include <QStringList>

namespace actlab::ui {

class StatusLabel : public QLabel {
    Q_OBJECT
public:
    explicit StatusLabel(QWidget* parent = nullptr);

    void setParts(const QStringList& parts);
    void setWrappedFont(const QFont& font);  // for parts on more than one line
    QString oneLineText() const;  // the parts on one line (or the text set), however it is shown

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void wrapParts();

    QStringList m_parts;
    QFont m_oneLineFont;
    QFont m_wrappedFont;
    bool m_wrapped = false;
};

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setFullText(const QString& text);
    QString fullText() const { return m_full; }
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;  // a new font (the UI scale) elides anew

private:
    void elide();
    QString m_full;
};

}  // namespace actlab::ui

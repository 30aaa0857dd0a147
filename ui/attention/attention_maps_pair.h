// The maps pane's grids: run A's, and in compare mode run B's beside it, or under it when that
// gives the maps more room (a narrow window), each under its run's title ("A · qkv relu ·
// Pre-LN"). It places the grids; what they show is the view's.
#pragma once

#include <QWidget>

class QBoxLayout;
class QLabel;

namespace actlab::ui {

class AttentionGridView;

class AttentionMapsPair : public QWidget {
    Q_OBJECT
public:
    explicit AttentionMapsPair(QWidget* parent = nullptr);

    AttentionGridView* grid(int run) const { return m_grids[run == 1]; }  // 0: A, 1: B
    QLabel* title(int run) const { return m_titles[run == 1]; }
    void setCompare(bool on);  // B's grid and both titles shown
    bool compare() const { return m_compare; }
    bool sideBySide() const;  // B right of A (else under it)
    void arrange();           // again, after the maps changed shape

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QBoxLayout* m_layout;
    AttentionGridView* m_grids[2];
    QLabel* m_titles[2];
    QWidget* m_columns[2];
    bool m_compare = false;
};

}  // namespace actlab::ui

// The first-start tour (Help → Tour): a veil over the window with a hole around one control at
// a time and a note saying what it does — the tabs, the Explorer's functions and plot, the
// Training view's Play button, the File and View menus, the shortcuts. Next/Back move, Esc
// skips; offered once (QSettings "tour/offered"), replayable from Help.
#pragma once

#include <QPointer>
#include <QString>
#include <QWidget>
#include <functional>
#include <vector>

class QLabel;
class QPushButton;

namespace actlab::gui {

class MainWindow;

class FirstStartTour : public QWidget {
    Q_OBJECT
public:
    struct Stop {
        std::function<QWidget*()> target;  // what the hole is around (null: the whole window)
        std::function<void()> prepare;     // e.g. switch to the tab the target is on
        QString title, text;
    };

    explicit FirstStartTour(MainWindow& window);
    void start();  // from the first stop
    int stop() const { return m_stop; }
    int stops() const { return int(m_stops.size()); }
    QString currentTitle() const;
    QRect hole() const { return m_hole; }  // the highlighted rectangle, in window coordinates
    void next();
    void back();
    void finish();

    // Shows the tour once per user (the first start); true when it was started now.
    static bool offerOnce(MainWindow& window);

protected:
    void paintEvent(QPaintEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void show(int stop);
    void place();

    MainWindow& m_window;
    std::vector<Stop> m_stops;
    int m_stop = -1;
    QRect m_hole;
    QWidget* m_note;
    QLabel* m_title;
    QLabel* m_text;
    QLabel* m_counter;
    QPushButton* m_back;
    QPushButton* m_next;
};

}  // namespace actlab::gui

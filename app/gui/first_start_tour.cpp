// FirstStartTour: the stops, the veil with its hole, and the note beside the hole.
#include "first_start_tour.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMenuBar>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QVBoxLayout>

#include "main_window.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/run_view.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/function_list_widget.h"
#include "ui/training/training_view.h"

namespace actlab::gui {
namespace {

constexpr int kMargin = 6;  // around the hole

}  // namespace

FirstStartTour::FirstStartTour(MainWindow& window)
    : QWidget(&window), m_window(window), m_note(new QWidget(this)) {
    setObjectName(QStringLiteral("firstStartTour"));
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Tour of the main controls"));
    m_note->setObjectName(QStringLiteral("tourNote"));
    m_note->setAutoFillBackground(true);
    auto* layout = new QVBoxLayout(m_note);
    m_title = new QLabel;
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.2);
    m_title->setFont(bold);
    m_text = new QLabel;
    m_text->setWordWrap(true);
    m_text->setMinimumWidth(320);
    m_text->setMaximumWidth(420);
    m_counter = new QLabel;
    m_back = new QPushButton(tr("Back"));
    m_next = new QPushButton(tr("Next"));
    auto* skip = new QPushButton(tr("Skip the tour (Esc)"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_counter);
    buttons->addStretch();
    buttons->addWidget(skip);
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    layout->addLayout(buttons);
    connect(m_back, &QPushButton::clicked, this, &FirstStartTour::back);
    connect(m_next, &QPushButton::clicked, this, &FirstStartTour::next);
    connect(skip, &QPushButton::clicked, this, &FirstStartTour::finish);

    const auto tab = [this](const QString& view) {
        return [this, view] { m_window.setCurrentView(view); };
    };
    m_stops = {
        {[this] { return m_window.findChild<QTabWidget*>()->tabBar(); }, tab("explorer"),
         tr("Five views"),
         tr("The Explorer draws activation functions and their derivatives; GELU "
            "approximations and Gated surfaces look closer; Training and Attention train "
            "networks live. Ctrl+1 … Ctrl+5 switch between them.")},
        {[this] { return m_window.explorer()->functionList(); }, tab("explorer"),
         tr("Choose functions"),
         tr("Tick the functions to draw. Their parameters get sliders below the list: drag one "
            "and the curve and its derivative move at once.")},
        {[this] { return static_cast<QWidget*>(m_window.explorer()->chart()); }, tab("explorer"),
         tr("Read the plot"),
         tr("f is solid, f′ dashed, f″ dotted. Move the mouse over the plot to read every "
            "function's value and slope at that x; a jump is drawn as a jump.")},
        {[this] { return static_cast<QWidget*>(m_window.trainingView()->playButton()); },
         tab("training"), tr("Train a network"),
         tr("Press Play (or Space) and watch the decision surface, the neurons and the curves "
            "change as it learns; → takes one step, R starts again. Presets set up the classic "
            "experiments, such as dying ReLU.")},
        {[this] { return m_window.menuBar(); },
         {},
         tr("Keep and show your work"),
         tr("File saves the session — every view and the runs, which continue exactly where "
            "they stopped — and exports pictures. View has the presentation mode (F5), the UI "
            "scale for a projector and the settings panel.")},
        {{},
         {},
         tr("That is all"),
         tr("Help → Keyboard shortcuts lists every key, and Help → Tour shows this again.")},
    };
    window.installEventFilter(this);
    hide();
}

void FirstStartTour::start() {
    QSettings().setValue(QStringLiteral("tour/offered"), true);
    setGeometry(m_window.rect());
    QWidget::show();
    raise();
    setFocus();
    show(0);
}

QString FirstStartTour::currentTitle() const {
    return m_stop >= 0 && m_stop < stops() ? m_stops[size_t(m_stop)].title : QString();
}

void FirstStartTour::next() {
    if (m_stop + 1 >= stops())
        finish();
    else
        show(m_stop + 1);
}

void FirstStartTour::back() {
    if (m_stop > 0) show(m_stop - 1);
}

void FirstStartTour::finish() {
    m_stop = -1;
    hide();
    m_window.setFocus();
}

bool FirstStartTour::offerOnce(MainWindow& window) {
    if (QSettings().value(QStringLiteral("tour/offered"), false).toBool()) return false;
    window.startTour();
    return true;
}

void FirstStartTour::show(int stop) {
    m_stop = stop;
    const Stop& s = m_stops[size_t(stop)];
    if (s.prepare) s.prepare();
    m_title->setText(s.title);
    m_text->setText(s.text);
    m_counter->setText(tr("%1 of %2").arg(stop + 1).arg(stops()));
    m_back->setEnabled(stop > 0);
    m_next->setText(stop + 1 == stops() ? tr("Done") : tr("Next"));
    QApplication::processEvents();  // the tab switched above lays out before it is measured
    place();
}

void FirstStartTour::place() {
    if (m_stop < 0) return;
    setGeometry(m_window.rect());
    const Stop& s = m_stops[size_t(m_stop)];
    QWidget* target = s.target ? s.target() : nullptr;
    m_hole = target && target->isVisible()
                 ? QRect(target->mapTo(&m_window, QPoint(0, 0)), target->size())
                       .adjusted(-kMargin, -kMargin, kMargin, kMargin)
                       .intersected(rect())
                 : QRect();
    m_note->adjustSize();
    const QSize note = m_note->sizeHint();
    QPoint at;
    if (m_hole.isNull()) {
        at = rect().center() - QPoint(note.width() / 2, note.height() / 2);
    } else if (m_hole.right() + note.width() + 2 * kMargin < width()) {
        at = QPoint(m_hole.right() + 2 * kMargin, m_hole.top());
    } else if (m_hole.bottom() + note.height() + 2 * kMargin < height()) {
        at = QPoint(m_hole.left(), m_hole.bottom() + 2 * kMargin);
    } else {
        at = QPoint(m_hole.left() - note.width() - 2 * kMargin, m_hole.top());
    }
    at.setX(std::clamp(at.x(), 0, std::max(0, width() - note.width())));
    at.setY(std::clamp(at.y(), 0, std::max(0, height() - note.height())));
    m_note->setGeometry(QRect(at, note));
    m_next->setFocus();
    update();
}

void FirstStartTour::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    QPainterPath veil;
    veil.addRect(rect());
    if (!m_hole.isNull()) {
        QPainterPath hole;
        hole.addRoundedRect(m_hole, 6, 6);
        veil = veil.subtracted(hole);
    }
    painter.fillPath(veil, QColor(0, 0, 0, 150));
    if (!m_hole.isNull()) {
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(QColor(255, 200, 0), 3));
        painter.drawRoundedRect(m_hole, 6, 6);
    }
}

void FirstStartTour::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
        case Qt::Key_Escape:
            finish();
            return;
        case Qt::Key_Right:
        case Qt::Key_Return:
        case Qt::Key_Enter:
            next();
            return;
        case Qt::Key_Left:
            back();
            return;
        default:
            QWidget::keyPressEvent(event);
    }
}

bool FirstStartTour::eventFilter(QObject* watched, QEvent* event) {
    if (watched == &m_window && event->type() == QEvent::Resize && isVisible()) place();
    return QWidget::eventFilter(watched, event);
}

}  // namespace actlab::gui

// AttentionMapsPair: two titled grids in a box layout whose direction follows the room: a map's
// side is about min(width / heads, height / layers), so B goes right of A when halving the width
// costs the maps less than halving the height.
#include "ui/attention/attention_maps_pair.h"

#include <QBoxLayout>
#include <QLabel>
#include <algorithm>

#include "ui/attention/attention_grid_view.h"

namespace actlab::ui {

AttentionMapsPair::AttentionMapsPair(QWidget* parent) : QWidget(parent) {
    m_layout = new QBoxLayout(QBoxLayout::LeftToRight, this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(8);
    const char* gridNames[] = {"attentionGrid", "attentionGridB"};
    const char* titleNames[] = {"runTitleA", "runTitleB"};
    for (int run = 0; run < 2; ++run) {
        m_columns[run] = new QWidget(this);
        m_grids[run] = new AttentionGridView(m_columns[run]);
        m_grids[run]->setObjectName(QString::fromLatin1(gridNames[run]));
        m_grids[run]->setAccessibleName(run == 0 ? tr("Attention maps of run A")
                                                 : tr("Attention maps of run B"));
        m_titles[run] = new QLabel(m_columns[run]);
        m_titles[run]->setObjectName(QString::fromLatin1(titleNames[run]));
        m_titles[run]->setWordWrap(true);
        QFont bold = m_titles[run]->font();
        bold.setBold(true);
        m_titles[run]->setFont(bold);
        auto* column = new QVBoxLayout(m_columns[run]);
        column->setContentsMargins(0, 0, 0, 0);
        column->setSpacing(2);
        column->addWidget(m_titles[run]);
        column->addWidget(m_grids[run], 1);
        m_layout->addWidget(m_columns[run], 1);
    }
    setCompare(false);
}

void AttentionMapsPair::setCompare(bool on) {
    m_compare = on;
    m_columns[1]->setVisible(on);
    m_titles[0]->setVisible(on);
    m_titles[1]->setVisible(on);
    arrange();
}

bool AttentionMapsPair::sideBySide() const {
    return m_layout->direction() == QBoxLayout::LeftToRight;
}

void AttentionMapsPair::arrange() {
    const int layers = std::max(1, m_grids[0]->layers()), heads = std::max(1, m_grids[0]->heads());
    const double w = std::max(1, width()), h = std::max(1, height());
    const double beside = std::min(w / 2 / heads, h / layers);
    const double under = std::min(w / heads, h / 2 / layers);
    const auto direction =
        !m_compare || beside >= under ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (m_layout->direction() != direction) m_layout->setDirection(direction);
}

void AttentionMapsPair::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrange();
}

}  // namespace actlab::ui

// Fills the readout table; numbers in 6 significant digits, non-finite values as a dash.
#include "ui/panels/cursor_readout.h"

#include <QHeaderView>
#include <QLabel>
#include <QPixmap>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

namespace actlab::ui {
namespace {

QString formatted(double value) {
    return std::isfinite(value) ? QString::number(value, 'g', 6) : QStringLiteral("—");
}

}  // namespace

CursorReadout::CursorReadout(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_xLabel = new QLabel(this);
    m_xLabel->setObjectName(QStringLiteral("cursorX"));
    QFont bold = m_xLabel->font();
    bold.setBold(true);
    m_xLabel->setFont(bold);
    m_table = new QTableWidget(0, 4, this);
    m_table->setObjectName(QStringLiteral("cursorTable"));
    m_table->setAccessibleName(tr("Values at the cursor"));
    m_table->setHorizontalHeaderLabels({tr("Function"), tr("f(x)"), tr("f′(x)"), tr("f″(x)")});
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setTabKeyNavigation(false);  // Tab leaves the table (arrows read its cells)
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // The names whole (GELU (sigmoid approx.)); the numbers share the rest.
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->setColumnHidden(3, true);
    m_table->setMinimumHeight(90);
    m_table->setToolTip(tr("Values at the x under the mouse pointer, from the exact formulas"));
    layout->addWidget(m_xLabel);
    layout->addWidget(m_table);
    setReadings(std::nullopt, {}, false);
}

void CursorReadout::setReadings(std::optional<double> x,
                                const std::vector<ExplorerCurves::Reading>& readings,
                                bool showSecond) {
    m_xLabel->setText(x ? tr("Cursor: x = %1").arg(formatted(*x))
                        : tr("Cursor: move the mouse over the plot"));
    m_table->setColumnHidden(3, !showSecond);
    m_table->setRowCount(static_cast<int>(readings.size()));
    for (int row = 0; row < static_cast<int>(readings.size()); ++row) {
        const ExplorerCurves::Reading& reading = readings[row];
        const QStringList cells = {reading.label, x ? formatted(reading.value) : QString(),
                                   x ? formatted(reading.first) : QString(),
                                   x ? formatted(reading.second) : QString()};
        for (int column = 0; column < cells.size(); ++column) {
            QTableWidgetItem* item = m_table->item(row, column);
            if (!item) {
                item = new QTableWidgetItem();
                m_table->setItem(row, column, item);
            }
            item->setText(cells[column]);
            // A screen reader names a cell by its text: an empty one says why it is empty.
            item->setData(Qt::AccessibleTextRole,
                          cells[column].isEmpty() ? tr("no cursor") : QVariant());
            if (column > 0) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        }
        QPixmap swatch(14, 14);
        swatch.fill(reading.color.isValid() ? reading.color : QColor(Qt::gray));
        m_table->item(row, 0)->setIcon(QIcon(swatch));
    }
}

QString CursorReadout::text() const {
    QStringList lines{m_xLabel->text()};
    for (int row = 0; row < m_table->rowCount(); ++row) {
        QStringList cells;
        for (int column = 0; column < m_table->columnCount(); ++column)
            if (!m_table->isColumnHidden(column) && m_table->item(row, column))
                cells << m_table->item(row, column)->text();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace actlab::ui

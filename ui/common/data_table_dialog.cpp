// The "Show as table…" dialog: the CSV export's header and rows in a read-only QTableWidget.
#include "ui/common/data_table_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/common/panel_export.h"

namespace actlab::ui {

std::vector<QStringList> parseCsv(const QString& text) {
    std::vector<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false, rowStarted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
            continue;
        }
        rowStarted = true;
        if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\n')) {
            row << field;
            rows.push_back(row);
            row.clear();
            field.clear();
            rowStarted = false;
        } else if (c != QLatin1Char('\r')) {
            field += c;
        }
    }
    if (rowStarted || !field.isEmpty()) {
        row << field;
        rows.push_back(row);
    }
    return rows;
}

DataTableDialog::DataTableDialog(const PanelExportable& element, QWidget* parent)
    : QDialog(parent) {
    const QString title = element.exportTitle();
    setWindowTitle(tr("%1 as a table").arg(title));
    setAccessibleName(windowTitle());
    auto* layout = new QVBoxLayout(this);
    std::vector<QStringList> rows = parseCsv(element.csvText());
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("dataTable"));
    m_table->setAccessibleName(tr("Data of %1").arg(title));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTabKeyNavigation(false);  // Tab leaves the table for the Close button
    if (!rows.empty()) {
        const QStringList header = rows.front();
        qsizetype columns = header.size();
        for (const QStringList& row : rows) columns = std::max(columns, row.size());
        m_table->setColumnCount(int(columns));
        m_table->setHorizontalHeaderLabels(header);
        m_table->setRowCount(int(rows.size() - 1));
        for (size_t r = 1; r < rows.size(); ++r)
            for (qsizetype c = 0; c < rows[r].size(); ++c)
                m_table->setItem(int(r - 1), int(c), new QTableWidgetItem(rows[r][c]));
    }
    m_table->resizeColumnsToContents();
    auto* caption = new QLabel(
        tr("%n row(s) of data, the same as the CSV export.", "", m_table->rowCount()), this);
    layout->addWidget(caption);
    layout->addWidget(m_table, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(560, 480);
}

DataTableDialog* DataTableDialog::open(const PanelExportable& element, QWidget* parent) {
    auto* dialog = new DataTableDialog(element, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

}  // namespace actlab::ui

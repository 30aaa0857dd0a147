// "Show as table…" (issue 29): an exportable element's data, the rows of its CSV export, in a
// table a screen reader reads cell by cell.
#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>
#include <vector>

class QTableWidget;

namespace actlab::ui {

class PanelExportable;

// CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks) as rows of fields.
std::vector<QStringList> parseCsv(const QString& text);

class DataTableDialog : public QDialog {
    Q_OBJECT
public:
    // The first CSV row is the header; the dialog is named after the element's title.
    DataTableDialog(const PanelExportable& element, QWidget* parent = nullptr);
    QTableWidget* table() const { return m_table; }

    // Opens a non-modal dialog (deleted when closed) over `parent` and returns it.
    static DataTableDialog* open(const PanelExportable& element, QWidget* parent);

private:
    QTableWidget* m_table = nullptr;
};

}  // namespace actlab::ui

// The Explorer's cursor readout: x under the pointer and f(x), f′(x) (and f″(x)) of every
// visible function, one row each, with the function's colour.
#pragma once

#include <QWidget>
#include <optional>

#include "ui/panels/explorer_curves.h"

class QLabel;
class QTableWidget;

namespace actlab::ui {

class CursorReadout : public QWidget {
    Q_OBJECT
public:
    explicit CursorReadout(QWidget* parent = nullptr);

    void setReadings(std::optional<double> x, const std::vector<ExplorerCurves::Reading>& readings,
                     bool showSecond);
    QString text() const;  // the table as plain text, one row a line (for tests and copying)

private:
    QLabel* m_xLabel = nullptr;
    QTableWidget* m_table = nullptr;
};

}  // namespace actlab::ui

// The Explorer's list of all catalogue functions: a check box each (shown or not), a colour
// swatch matching the curves, the formula as tooltip; gated units under their own heading.
#pragma once

#include <QListWidget>
#include <optional>

#include "activations/catalogue.h"

namespace actlab::ui {

class FunctionListWidget : public QListWidget {
    Q_OBJECT
public:
    explicit FunctionListWidget(QWidget* parent = nullptr);

    QListWidgetItem* itemFor(ActivationId id) const;
    void setChecked(ActivationId id, bool checked);  // without emitting functionToggled
    bool isChecked(ActivationId id) const;
    void setSwatch(ActivationId id, const QColor& color);  // invalid colour: an empty swatch
    std::optional<ActivationId> currentFunction() const;
    void setCurrentFunction(ActivationId id);

signals:
    void functionToggled(actlab::ActivationId id, bool checked);
    void currentFunctionChanged(actlab::ActivationId id);

private:
    void onItemChanged(QListWidgetItem* item);
};

}  // namespace actlab::ui

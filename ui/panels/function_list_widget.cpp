// Check-box list of the catalogue with colour swatches; reports toggles and the current row.
#include "ui/panels/function_list_widget.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPixmap>

#include "ui/common/core_text.h"

namespace actlab::ui {
namespace {

constexpr int kIdRole = Qt::UserRole;
constexpr int kCheckedRole = Qt::UserRole + 1;  // last reported state, to ignore icon changes

QIcon swatchIcon(const QColor& color) {
    QPixmap pixmap(28, 14);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    if (color.isValid()) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawRoundedRect(QRectF(1, 1, 26, 12), 3, 3);
    } else {
        painter.setPen(QPen(QColor(180, 180, 180), 1));
        painter.drawRoundedRect(QRectF(1.5, 1.5, 25, 11), 3, 3);
    }
    return QIcon(pixmap);
}

QListWidgetItem* headingItem(const QString& text) {
    auto* item = new QListWidgetItem(text);
    item->setFlags(Qt::NoItemFlags);
    QFont font = item->font();
    font.setBold(true);
    item->setFont(font);
    return item;
}

}  // namespace

FunctionListWidget::FunctionListWidget(QWidget* parent) : QListWidget(parent) {
    setIconSize(QSize(28, 14));
    setUniformItemSizes(true);
    setAccessibleName(tr("Functions"));
    setAccessibleDescription(tr("The functions to plot: check one to show its curve"));
    addItem(headingItem(tr("Scalar functions")));
    bool gatedHeadingAdded = false;
    for (const ActivationInfo& info : activationCatalogue()) {
        if (info.kind == ActivationKind::Gated && !gatedHeadingAdded) {
            addItem(headingItem(tr("Gated units: y = act(x)·v at fixed v")));
            gatedHeadingAdded = true;
        }
        auto* item = new QListWidgetItem(swatchIcon(QColor()), coreText(info.displayName));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        item->setData(kIdRole, static_cast<int>(info.id));
        item->setData(kCheckedRole, false);
        item->setToolTip(QString::fromUtf8(info.formula.data(), qsizetype(info.formula.size())));
        addItem(item);
    }
    connect(this, &QListWidget::itemChanged, this, &FunctionListWidget::onItemChanged);
    connect(this, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* current) {
        if (current && current->data(kIdRole).isValid())
            emit currentFunctionChanged(static_cast<ActivationId>(current->data(kIdRole).toInt()));
    });
}

QListWidgetItem* FunctionListWidget::itemFor(ActivationId id) const {
    for (int row = 0; row < count(); ++row) {
        QListWidgetItem* candidate = item(row);
        if (candidate->data(kIdRole).isValid() &&
            candidate->data(kIdRole).toInt() == static_cast<int>(id))
            return candidate;
    }
    return nullptr;
}

void FunctionListWidget::onItemChanged(QListWidgetItem* item) {
    if (!item->data(kIdRole).isValid()) return;
    const bool checked = item->checkState() == Qt::Checked;
    if (checked == item->data(kCheckedRole).toBool()) return;  // not a check-box change
    item->setData(kCheckedRole, checked);
    emit functionToggled(static_cast<ActivationId>(item->data(kIdRole).toInt()), checked);
}

void FunctionListWidget::setChecked(ActivationId id, bool checked) {
    QListWidgetItem* item = itemFor(id);
    if (!item) return;
    const QSignalBlocker blocker(this);
    item->setData(kCheckedRole, checked);
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

bool FunctionListWidget::isChecked(ActivationId id) const {
    const QListWidgetItem* item = itemFor(id);
    return item && item->checkState() == Qt::Checked;
}

void FunctionListWidget::setSwatch(ActivationId id, const QColor& color) {
    if (QListWidgetItem* item = itemFor(id)) {
        const QSignalBlocker blocker(this);
        item->setIcon(swatchIcon(color));
    }
}

std::optional<ActivationId> FunctionListWidget::currentFunction() const {
    const QListWidgetItem* item = currentItem();
    if (!item || !item->data(kIdRole).isValid()) return std::nullopt;
    return static_cast<ActivationId>(item->data(kIdRole).toInt());
}

void FunctionListWidget::setCurrentFunction(ActivationId id) {
    if (QListWidgetItem* item = itemFor(id)) setCurrentItem(item);
}

}  // namespace actlab::ui

// The shared settings pieces: catalogue choices and the preset group.
#include "ui/common/control_choices.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include "optimizers/optimizer.h"
#include "ui/common/core_text.h"

namespace actlab::ui {

QString qtText(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

void addChoice(QComboBox* box, const QString& text, const QVariant& data, const QString& toolTip) {
    box->addItem(text, data);
    box->setItemData(box->count() - 1, toolTip, Qt::ToolTipRole);
}

void addOptimizerChoices(QComboBox* box) {
    for (const OptimizerInfo& info : optimizerCatalogue())
        addChoice(box, qtText(info.name), int(info.kind), coreText(info.description));
}

void addActivationChoices(QComboBox* box, ActivationKind kind) {
    for (const ActivationInfo& info : activationCatalogue())
        if (info.kind == kind)
            addChoice(box, coreText(info.displayName), int(info.id), qtText(info.formula));
    // The learnable mix of its default functions (named in the tooltip: the box stays narrow),
    // a plain site's function or a gate's.
    const ActivationConfig mix = ActivationConfig::withDefaults(ActivationId::Mix);
    QStringList parts;
    for (ActivationId id : mix.components()) parts << coreText(activationInfo(id).displayName);
    addChoice(box, coreText(mix.info().displayName), int(ActivationId::Mix),
              qtText(mix.info().formula) + QStringLiteral("; ") + parts.join(", "));
}

QGroupBox* presetGroup(QComboBox* presets, QLabel* description, QWidget* parent) {
    auto* box = new QGroupBox(QCoreApplication::translate("RunControls", "Preset"), parent);
    auto* layout = new QVBoxLayout(box);
    description->setWordWrap(true);
    layout->addWidget(presets);
    layout->addWidget(description);
    return box;
}

}  // namespace actlab::ui

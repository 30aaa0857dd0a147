// The Explorer's left column: function list, f/f′/f″ toggles, x range with Apply and Reset,
// the message line and the scroll area that holds the parameter editors.
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/charts/curve_chart.h"
#include "ui/common/ui_scale.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/function_list_widget.h"

namespace actlab::ui {
namespace {

QLabel* heading(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

QDoubleSpinBox* rangeBox(const QString& objectName, QWidget* parent) {
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(objectName);
    box->setRange(-ExplorerPanel::kRangeLimit, ExplorerPanel::kRangeLimit);
    box->setDecimals(3);
    box->setSingleStep(0.5);
    box->setKeyboardTracking(false);
    return box;
}

// A button under the x range boxes.
QPushButton* rangeButton(const QString& text, const QString& objectName, const QString& toolTip,
                         QWidget* parent) {
    auto* button = new QPushButton(text, parent);
    button->setObjectName(objectName);
    button->setToolTip(toolTip);
    return button;
}

// "x from [low] to [high]" over [apply] and [reset].
QGridLayout* rangeGrid(QDoubleSpinBox* low, QDoubleSpinBox* high, QPushButton* apply,
                       QPushButton* reset, QWidget* parent) {
    auto* grid = new QGridLayout();
    grid->addWidget(new QLabel(ExplorerPanel::tr("x from"), parent), 0, 0);
    grid->addWidget(low, 0, 1);
    grid->addWidget(new QLabel(ExplorerPanel::tr("to"), parent), 0, 2);
    grid->addWidget(high, 0, 3);
    grid->addWidget(apply, 1, 1);
    low->setAccessibleName(ExplorerPanel::tr("x from"));
    high->setAccessibleName(ExplorerPanel::tr("x to"));
    grid->addWidget(reset, 1, 3);
    return grid;
}

// The red line under the x range that says what is wrong with it; hidden until then.
QLabel* messageLine(QWidget* parent) {
    auto* message = new QLabel(parent);
    message->setObjectName(QStringLiteral("message"));
    message->setWordWrap(true);
    message->setStyleSheet(QStringLiteral("color: #b00020;"));
    message->hide();
    return message;
}

}  // namespace

QWidget* ExplorerPanel::buildControls() {
    auto* controls = new QWidget(this);

    auto* column = new QVBoxLayout(controls);
    column->setContentsMargins(0, 0, 0, 0);

    column->addWidget(heading(tr("Functions"), controls));
    m_functionList = new FunctionListWidget(controls);
    m_functionList->setObjectName(QStringLiteral("functionList"));
    column->addWidget(m_functionList, 3);
    connect(m_functionList, &FunctionListWidget::functionToggled, this,
            &ExplorerPanel::onFunctionToggled);
    connect(m_functionList, &FunctionListWidget::currentFunctionChanged, this,
            [this] { emit selectedActivationChanged(selectedActivation()); });

    auto* showRow = new QHBoxLayout();
    showRow->addWidget(new QLabel(tr("Show:"), controls));
    m_showValue = new QCheckBox(tr("f"), controls);
    m_showFirst = new QCheckBox(tr("f′ (dashed)"), controls);
    m_showSecond = new QCheckBox(tr("f″ (dotted)"), controls);
    for (QCheckBox* box : {m_showValue, m_showFirst, m_showSecond}) {
        showRow->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &ExplorerPanel::onDerivativeBoxToggled);
    }
    m_showValue->setObjectName(QStringLiteral("showValue"));
    m_showFirst->setObjectName(QStringLiteral("showFirst"));
    m_showSecond->setObjectName(QStringLiteral("showSecond"));
    {
        const QSignalBlocker a(m_showValue), b(m_showFirst);
        m_showValue->setChecked(true);
        m_showFirst->setChecked(true);
    }
    showRow->addStretch();
    column->addLayout(showRow);

    m_lowBox = rangeBox(QStringLiteral("xLow"), controls);
    m_highBox = rangeBox(QStringLiteral("xHigh"), controls);
    m_lowBox->setValue(m_homeLow);
    m_highBox->setValue(m_homeHigh);
    auto* apply =
        rangeButton(tr("Apply"), QStringLiteral("applyRange"),
                    tr("Plot this x range (it becomes the range Reset returns to)"), controls);
    auto* reset = rangeButton(
        tr("Reset view"), QStringLiteral("resetView"),
        tr("Back to the applied x range with y fitted (also: double-click, Home)"), controls);
    column->addLayout(rangeGrid(m_lowBox, m_highBox, apply, reset, controls));
    connect(apply, &QPushButton::clicked, this, &ExplorerPanel::applyRangeFromBoxes);
    connect(reset, &QPushButton::clicked, m_chart, &CurveChart::resetView);
    for (QDoubleSpinBox* box : {m_lowBox, m_highBox})
        if (auto* edit = box->findChild<QLineEdit*>())
            connect(edit, &QLineEdit::returnPressed, this, &ExplorerPanel::applyRangeFromBoxes);

    m_message = messageLine(controls);
    column->addWidget(m_message);

    column->addWidget(heading(tr("Parameters"), controls));
    auto* scroll = new QScrollArea(controls);
    scroll->setAccessibleName(tr("Parameters"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* parameterHost = new QWidget(scroll);
    m_parameterLayout = new QVBoxLayout(parameterHost);
    m_parameterLayout->setContentsMargins(0, 0, 0, 0);
    m_noParameters = new QLabel(tr("None of the shown functions has parameters. Leaky ReLU, "
                                   "PReLU, ELU, Softplus and Swish do, and gated units have "
                                   "their value input v."),
                                parameterHost);
    m_noParameters->setWordWrap(true);
    m_noParameters->setStyleSheet(QStringLiteral("color: #606060;"));
    m_parameterLayout->addWidget(m_noParameters);
    m_parameterLayout->addStretch();
    scroll->setWidget(parameterHost);
    column->addWidget(scroll, 2);
    // At 200 % a fixed 380 px cut "Reset view", the f′ box's label and the x range's numbers.
    keepColumnWidth(controls, 250, 380);
    return controls;
}

}  // namespace actlab::ui

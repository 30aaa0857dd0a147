// AttentionControls, compare mode: run B's box, which run the form edits, the text that says how
// B differs from A, and the two runs' configurations.
#include <QButtonGroup>
#include <QCheckBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/attention/attention_controls.h"
#include "ui/attention/compare_runs.h"

namespace actlab::ui {

QWidget* AttentionControls::buildCompareBox() {
    auto* box = new QGroupBox(tr("Compare"), this);
    auto* layout = new QVBoxLayout(box);
    m_compare = new QCheckBox(tr("Train a second run side by side"));
    m_compare->setObjectName(QStringLiteral("compare"));
    m_compare->setToolTip(
        tr("Run B: the same task, data and seed as run A, with the settings you change for it. "
           "Both runs step together."));
    m_editA = new QPushButton(tr("Run A"));
    m_editB = new QPushButton(tr("Run B"));
    m_editA->setObjectName(QStringLiteral("editRunA"));
    m_editB->setObjectName(QStringLiteral("editRunB"));
    auto* group = new QButtonGroup(box);
    for (QPushButton* button : {m_editA, m_editB}) {
        button->setCheckable(true);
        button->setToolTip(tr("Which run the settings below show and change"));
        group->addButton(button);
    }
    m_editA->setChecked(true);
    m_editRow = new QWidget;
    auto* row = new QHBoxLayout(m_editRow);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Settings of")));
    row->addWidget(m_editA);
    row->addWidget(m_editB);
    m_compareText = new QLabel;
    m_compareText->setObjectName(QStringLiteral("compareDifferences"));
    m_compareText->setWordWrap(true);
    layout->addWidget(m_compare);
    layout->addWidget(m_editRow);
    layout->addWidget(m_compareText);
    connect(m_compare, &QCheckBox::toggled, this, [this](bool on) {
        if (m_writing) return;
        setEditedRun(on ? 1 : 0);  // on: the form shows B, ready for its differences
        emit compareChanged();
    });
    connect(m_editA, &QPushButton::clicked, this, [this] { setEditedRun(0); });
    connect(m_editB, &QPushButton::clicked, this, [this] { setEditedRun(1); });
    return box;
}

void AttentionControls::updateCompareText() {
    if (!m_compare->isChecked()) return;
    const std::vector<RunDifference> differences = runDifferences(config(), configB());
    if (differences.empty()) {
        m_compareText->setText(tr("B is still the same as A: choose Run B and change a setting."));
        return;
    }
    QStringList lines;
    for (const RunDifference& d : differences)
        lines << tr("%1 (A: %2)")
                     .arg(d.b.isEmpty() ? tr("none") : d.b, d.a.isEmpty() ? tr("none") : d.a);
    m_compareText->setText(tr("B differs: %1").arg(lines.join(QStringLiteral("; "))));
}

bool AttentionControls::compare() const { return m_compare->isChecked(); }

void AttentionControls::setCompare(bool on) {
    m_writing = true;
    m_compare->setChecked(on);
    m_writing = false;
    setEditedRun(on ? m_editedRun : 0);
    updateEnabled();
    updateCompareText();
}

void AttentionControls::setEditedRun(int run) {
    run = compare() && run == 1 ? 1 : 0;
    if (!m_writing && run != m_editedRun) {  // keep what the form shows before it shows the other
        const SequenceTrainingConfig fields = readFields();
        if (m_editedRun == 1)
            m_configB = withSharedSettings(fields, m_configA);
        else
            m_configA = fields;
    }
    m_editedRun = run;
    (run == 1 ? m_editB : m_editA)->setChecked(true);
    writeFields(run == 1 ? m_configB : m_configA);
    updateCompareText();
}

SequenceTrainingConfig AttentionControls::config() const {
    return m_editedRun == 0 ? readFields() : m_configA;
}

SequenceTrainingConfig AttentionControls::configB() const {
    return m_editedRun == 1 ? withSharedSettings(readFields(), m_configA) : m_configB;
}

}  // namespace actlab::ui

// MainWindow's View → Colours menu (palette, sequential and diverging maps, high contrast) and the
// appearance kept in QSettings between runs.
#include <QActionGroup>
#include <QMenu>
#include <QSettings>

#include "main_window.h"
#include "ui/common/appearance.h"

namespace actlab::gui {
namespace {

// A group of exclusive choices; each sets one field of the appearance.
template <typename T>
void addChoices(QMenu* menu, const QString& objectPrefix,
                const std::vector<std::pair<QString, T>>& choices, T ui::Appearance::*field,
                QString (*key)(T)) {
    auto* group = new QActionGroup(menu);
    for (const auto& [text, value] : choices) {
        QAction* action = menu->addAction(text);
        action->setObjectName(objectPrefix + key(value));
        action->setCheckable(true);
        action->setChecked(ui::appearance().*field == value);
        group->addAction(action);
        QObject::connect(action, &QAction::triggered, menu, [field, value = value] {
            ui::Appearance look = ui::appearance();
            look.*field = value;
            ui::setAppearance(look);
        });
    }
}

}  // namespace

void MainWindow::addColoursMenu(QMenu* view) {
    using ui::CategoricalPalette, ui::SequentialMap, ui::DivergingMap;
    QMenu* colours = view->addMenu(tr("&Colours"));
    colours->setObjectName(QStringLiteral("coloursMenu"));
    colours->setToolTipsVisible(true);
    colours->addSection(tr("Curves, runs and marks"));
    addChoices<CategoricalPalette>(
        colours, QStringLiteral("palette_"),
        {{tr("Standard palette (Tableau 10)"), CategoricalPalette::Standard},
         {tr("Colour-blind-safe palette (Okabe–Ito)"), CategoricalPalette::ColorBlindSafe}},
        &ui::Appearance::palette, ui::paletteKey);
    colours->addSection(tr("Sequential maps (attention, neuron shares)"));
    addChoices<SequentialMap>(
        colours, QStringLiteral("sequential_"),
        {{tr("viridis"), SequentialMap::Viridis},
         {tr("cividis (made for colour-vision deficiency)"), SequentialMap::Cividis}},
        &ui::Appearance::sequential, ui::sequentialMapKey);
    colours->addSection(tr("Diverging maps (signed values, white at 0)"));
    addChoices<DivergingMap>(
        colours, QStringLiteral("diverging_"),
        {{tr("Blue–white–red (RdBu)"), DivergingMap::RedBlue},
         {tr("Blue–white–orange (as dark on both sides)"), DivergingMap::BlueOrange}},
        &ui::Appearance::diverging, ui::divergingMapKey);
    colours->addSeparator();
    QAction* contrast = colours->addAction(tr("&High contrast"));
    contrast->setObjectName(QStringLiteral("highContrast"));
    contrast->setToolTip(
        tr("Black text and axes on white, darker grid lines, lines 1.5× as "
           "thick: for washed-out projectors."));
    contrast->setCheckable(true);
    contrast->setChecked(ui::appearance().highContrast);
    connect(contrast, &QAction::toggled, this, [](bool on) {
        ui::Appearance look = ui::appearance();
        look.highContrast = on;
        ui::setAppearance(look);
    });
    // The menu follows changes made elsewhere (--colours, the saved preferences).
    connect(
        &ui::AppearanceNotifier::instance(), &ui::AppearanceNotifier::changed, colours, [colours] {
            const ui::Appearance& look = ui::appearance();
            for (QAction* action : colours->actions()) {
                const QString name = action->objectName();
                if (name == QLatin1String("highContrast"))
                    action->setChecked(look.highContrast);
                else if (!name.isEmpty())
                    action->setChecked(
                        name == QStringLiteral("palette_") + ui::paletteKey(look.palette) ||
                        name ==
                            QStringLiteral("sequential_") + ui::sequentialMapKey(look.sequential) ||
                        name == QStringLiteral("diverging_") + ui::divergingMapKey(look.diverging));
            }
        });
}

void MainWindow::restoreAppearance() {
    const QSettings settings;
    ui::Appearance look;
    look.palette = ui::paletteFromKey(settings.value(QStringLiteral("view/palette")).toString());
    look.sequential =
        ui::sequentialMapFromKey(settings.value(QStringLiteral("view/sequentialMap")).toString());
    look.diverging =
        ui::divergingMapFromKey(settings.value(QStringLiteral("view/divergingMap")).toString());
    look.highContrast = settings.value(QStringLiteral("view/highContrast"), false).toBool();
    ui::setAppearance(look);
}

void MainWindow::saveAppearance() const {
    QSettings settings;
    const ui::Appearance& look = ui::appearance();
    settings.setValue(QStringLiteral("view/palette"), ui::paletteKey(look.palette));
    settings.setValue(QStringLiteral("view/sequentialMap"), ui::sequentialMapKey(look.sequential));
    settings.setValue(QStringLiteral("view/divergingMap"), ui::divergingMapKey(look.diverging));
    settings.setValue(QStringLiteral("view/highContrast"), look.highContrast);
}

}  // namespace actlab::gui

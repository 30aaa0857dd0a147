// PanelExport (ui/common/panel_export.h): PNG at kPngDensity × the UI scale, SVG that parses
// with the painted shapes and text, CSV as given, errors for an unwritable path and for an
// element with no data, the clipboard, the whole view, and the right-click menu.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QTemporaryDir>
#include <QVBoxLayout>

#include "export_test_support.h"
#include "ui/common/panel_export.h"

using actlab::test::csvLines;
using actlab::test::readSvg;
using actlab::test::ScopedUiScale;
using actlab::ui::PanelExport;
using actlab::ui::PanelExportable;

namespace {

// A 300 × 200 element: a black square at (10, 10) of side 50 and a word.
class FakeElement : public QWidget, public PanelExportable {
public:
    bool data = true;
    QString exportTitle() const override { return QStringLiteral("Fake plot"); }
    QSize exportSize() const override { return {300, 200}; }
    void paintExport(QPainter& painter, const QSize& size) const override {
        painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
        painter.fillRect(QRect(10, 10, 50, 50), Qt::black);
        painter.setPen(Qt::black);
        painter.drawText(QPoint(100, 100), QStringLiteral("fakeword"));
    }
    bool hasExportData() const override { return data; }
    QString csvText() const override { return QStringLiteral("x (m),y (s)\n1,nan\n2,0.5\n"); }
};

}  // namespace

TEST(PanelExport, PngHasTheElementSizeTimesDensityAndTheUiScale) {
    QTemporaryDir dir;
    FakeElement element;
    QString error;
    ASSERT_TRUE(PanelExport::writePng(element, dir.filePath("a.png"), &error))
        << error.toStdString();
    const QImage plain(dir.filePath("a.png"));
    EXPECT_EQ(plain.size(), QSize(600, 400));  // kPngDensity = 2
    {
        ScopedUiScale presentation(1.5);
        EXPECT_DOUBLE_EQ(PanelExport::pngPixelRatio(), 3.0);
        ASSERT_TRUE(PanelExport::writePng(element, dir.filePath("b.png"), &error));
    }
    const QImage large(dir.filePath("b.png"));
    ASSERT_EQ(large.size(), QSize(900, 600));  // 1.5 × larger each way
    // Painted at the logical size: the square covers (10..60) × 3 pixels, sharp at its edge.
    EXPECT_EQ(large.pixelColor(31, 31), QColor(Qt::black));
    EXPECT_EQ(large.pixelColor(179, 179), QColor(Qt::black));
    EXPECT_EQ(large.pixelColor(181, 181), QColor(Qt::white));
    EXPECT_EQ(large.pixelColor(29, 29), QColor(Qt::white));
}

TEST(PanelExport, SvgParsesWithTheShapesAndTextAtTheUiScale) {
    QTemporaryDir dir;
    FakeElement element;
    QString error;
    ASSERT_TRUE(PanelExport::writeSvg(element, dir.filePath("plain.svg"), &error));
    {
        ScopedUiScale presentation(1.5);
        ASSERT_TRUE(PanelExport::writeSvg(element, dir.filePath("a.svg"), &error))
            << error.toStdString();
    }
    const auto svg = readSvg(dir.filePath("a.svg"));
    EXPECT_TRUE(svg.valid);
    EXPECT_EQ(svg.viewBox, QRectF(0, 0, 300, 200));
    // Its width and height (in mm, at the screen's resolution) are 1.5 × those at scale 1.
    const QSize plain = readSvg(dir.filePath("plain.svg")).size;
    EXPECT_NEAR(double(svg.size.width()) / plain.width(), 1.5, 0.01);
    EXPECT_NEAR(double(svg.size.height()) / plain.height(), 1.5, 0.01);
    EXPECT_GE(svg.shapes, 2);
    EXPECT_TRUE(svg.textContent.join(' ').contains("fakeword"));
}

TEST(PanelExport, CsvIsTheElementsTextWithNanSpelledOut) {
    QTemporaryDir dir;
    FakeElement element;
    QString error;
    ASSERT_TRUE(PanelExport::writeCsv(element, dir.filePath("a.csv"), &error));
    EXPECT_EQ(csvLines(dir.filePath("a.csv")), (QStringList{"x (m),y (s)", "1,nan", "2,0.5"}));
    EXPECT_EQ(PanelExport::csvNumber(std::nan("")), "nan");
    EXPECT_EQ(PanelExport::csvNumber(0.1), "0.1");
    EXPECT_EQ(PanelExport::csvNumber(0.1f), "0.1");
    EXPECT_EQ(PanelExport::csvField("a,b"), "\"a,b\"");
    EXPECT_EQ(PanelExport::csvField("say \"hi\""), "\"say \"\"hi\"\"\"");
}

TEST(PanelExport, AnUnwritablePathIsAnErrorNotACrash) {
    FakeElement element;
    for (auto format :
         {PanelExport::Format::Png, PanelExport::Format::Svg, PanelExport::Format::Csv}) {
        QString error;
        EXPECT_FALSE(PanelExport::write(element, format, "/nonexistent-dir/x/plot.out", &error));
        EXPECT_TRUE(error.contains("/nonexistent-dir/x/plot.out")) << error.toStdString();
    }
    QString error;
    QWidget view;
    view.resize(200, 100);
    EXPECT_FALSE(PanelExport::writeWidgetSvg(&view, "v", "/nonexistent-dir/v.svg", &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(PanelExport::writeWidgetPng(&view, "/nonexistent-dir/v.png", &error));
}

TEST(PanelExport, NoDataYetGivesAClearMessageAndWritesNothing) {
    QTemporaryDir dir;
    FakeElement element;
    element.data = false;
    for (auto format :
         {PanelExport::Format::Png, PanelExport::Format::Svg, PanelExport::Format::Csv}) {
        QString error;
        EXPECT_FALSE(PanelExport::write(element, format, dir.filePath("x"), &error));
        EXPECT_TRUE(error.startsWith("Nothing to export yet")) << error.toStdString();
        EXPECT_TRUE(error.contains("Fake plot"));
        EXPECT_FALSE(QFile::exists(dir.filePath("x")));
    }
    QString error;
    EXPECT_FALSE(PanelExport::copyImage(element, &error));
    EXPECT_FALSE(error.isEmpty());
}

TEST(PanelExport, CopyImagePutsTheScaledPictureOnTheClipboard) {
    FakeElement element;
    QString error;
    ASSERT_TRUE(PanelExport::copyImage(element, &error)) << error.toStdString();
    const QImage copied = QGuiApplication::clipboard()->image();
    EXPECT_EQ(copied.size(), QSize(600, 400));
}

TEST(PanelExport, TheWholeViewExportsAsSvgAndAsPngAtTheUiScale) {
    QTemporaryDir dir;
    QWidget view;
    auto* layout = new QVBoxLayout(&view);
    layout->addWidget(new QLabel(QStringLiteral("viewlabel")));
    layout->addWidget(new FakeElement);
    view.resize(400, 300);
    view.show();
    QString error;
    ASSERT_TRUE(PanelExport::writeWidgetSvg(&view, "View", dir.filePath("v.svg"), &error))
        << error.toStdString();
    const auto svg = readSvg(dir.filePath("v.svg"));
    EXPECT_TRUE(svg.valid);
    EXPECT_EQ(svg.viewBox, QRectF(0, 0, 400, 300));
    EXPECT_TRUE(svg.textContent.join(' ').contains("viewlabel"));
    ScopedUiScale presentation(2.0);
    ASSERT_TRUE(PanelExport::writeWidgetPng(&view, dir.filePath("v.png"), &error));
    EXPECT_EQ(QImage(dir.filePath("v.png")).size(), QSize(800, 600));
}

TEST(PanelExport, TheMenuOffersPngSvgCsvAndCopy) {
    FakeElement element;
    QMenu* menu = PanelExport::createMenu(&element, &element);
    QStringList names, texts;
    for (QAction* action : menu->actions())
        if (!action->isSeparator()) {
            names << action->objectName();
            texts << action->text();
        }
    EXPECT_EQ(names,
              (QStringList{"exportPng", "exportSvg", "exportCsv", "showTable", "copyImage"}));
    EXPECT_EQ(texts, (QStringList{"Export as PNG…", "Export as SVG…", "Export data as CSV…",
                                  "Show as table…", "Copy image"}));
    // Copy image from the menu: the clipboard gets the picture.
    QGuiApplication::clipboard()->clear();
    menu->actions().last()->trigger();
    EXPECT_EQ(QGuiApplication::clipboard()->image().size(), QSize(600, 400));
    delete menu;
}

TEST(PanelExport, ARightClickOpensTheMenuOfTheAttachedElement) {
    FakeElement element, wrapper;
    element.resize(300, 200);
    element.show();
    EXPECT_EQ(PanelExport::attachedElement(&element), nullptr);
    PanelExport::attachMenu(&element, &element);
    EXPECT_EQ(element.contextMenuPolicy(), Qt::CustomContextMenu);
    EXPECT_EQ(PanelExport::attachedElement(&element), &element);
    PanelExport::attachMenu(&element, &wrapper);  // a wrapper takes the menu over
    EXPECT_EQ(PanelExport::attachedElement(&element), &wrapper);

    QContextMenuEvent event(QContextMenuEvent::Mouse, QPoint(20, 20),
                            element.mapToGlobal(QPoint(20, 20)));
    QApplication::sendEvent(&element, &event);
    QApplication::processEvents();
    auto* popup = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    ASSERT_NE(popup, nullptr);
    EXPECT_EQ(popup->actions().first()->objectName(), "exportPng");
    popup->close();
}

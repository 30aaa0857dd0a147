// ChartPages: columns and rows from the pane's size and kChartWidth × kChartHeight, a tab per
// page when not every chart fits.
#include "ui/common/chart_pages.h"

#include <QGridLayout>
#include <QSignalBlocker>
#include <QTabBar>
#include <QTextLayout>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/charts/curve_chart.h"
#include "ui/common/ui_scale.h"

namespace actlab::ui {

ChartPages::ChartPages(const QList<CurveChart*>& charts, QWidget* parent)
    : QWidget(parent), m_charts(charts), m_shown(charts.size(), true) {
    m_pageBar = new QTabBar(this);
    m_pageBar->setObjectName(QStringLiteral("chartPages"));
    m_pageBar->setDocumentMode(true);
    m_pageBar->setExpanding(false);
    m_pageBar->setToolTip(tr("The window is too small for all the charts at once"));
    connect(m_pageBar, &QTabBar::currentChanged, this, [this](int page) {
        if (page >= 0) showPage(page);
    });
    m_grid = new QGridLayout;
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(4);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_pageBar);
    layout->addLayout(m_grid, 1);
    for (CurveChart* chart : m_charts) chart->setParent(this);
    updateMinimumSize();
    arrange(int(m_charts.size()), 1, true);
    // A larger UI scale: larger texts need larger charts, so fewer to a page.
    connect(&UiScaleNotifier::instance(), &UiScaleNotifier::changed, this, [this] {
        updateMinimumSize();
        arrangeForSize();
    });
}

int ChartPages::chartWidth() const { return int(kChartWidth * uiScale()); }
int ChartPages::chartHeight() const {
    // A chart has about six lines of text (a larger title, tick labels, axis title, legend):
    // each as much taller as the current language's lines are.
    const double line = QFontMetricsF(font()).height();
    return int(kChartHeight * uiScale() + 6 * line * (lineGrowth(font()) - 1));
}

// Chinese is drawn in a CJK fallback font whose lines are taller than the Latin font's: a chart's
// four lines of text (title, tick labels, axis title, legend) need that much more height, or Qt
// Charts cuts its axis texts to "...". 1 in English.
double ChartPages::lineGrowth(const QFont& font) {
    QTextLayout layout(tr("The window is too small for all the charts at once"), font);
    layout.beginLayout();
    const QTextLine line = layout.createLine();
    layout.endLayout();
    return std::max(1.0, line.height() / QFontMetricsF(font).height());
}

void ChartPages::updateMinimumSize() {
    // However small the window, a splitter leaves room for a page of readable charts.
    const int barHeight = [this] {
        const QSignalBlocker blocker(m_pageBar);
        const int index = m_pageBar->addTab(QStringLiteral("Loss"));
        const int height = m_pageBar->sizeHint().height();
        m_pageBar->removeTab(index);
        return height;
    }();
    setMinimumSize(chartWidth(), barHeight + layout()->spacing() + chartHeight());
}

QList<CurveChart*> ChartPages::shownCharts() const {
    QList<CurveChart*> shown;
    for (int i = 0; i < int(m_charts.size()); ++i)
        if (m_shown[i]) shown << m_charts[i];
    return shown;
}

void ChartPages::setChartShown(CurveChart* chart, bool shown) {
    const int i = int(m_charts.indexOf(chart));
    if (i < 0 || m_shown[i] == shown) return;
    m_shown[i] = shown;
    arrangeForSize();
    arrange(m_columns, m_rows, true);
}

int ChartPages::pageCount() const {
    const int count = std::max(1, int(shownCharts().size()));
    return (count + perPage() - 1) / perPage();
}

void ChartPages::updatePageTitles() {
    const QList<CurveChart*> shown = shownCharts();
    for (int page = 0; page < m_pageBar->count(); ++page) {
        QStringList titles;
        for (int i = page * perPage(); i < std::min(int(shown.size()), (page + 1) * perPage()); ++i)
            titles << shown[i]->title();
        m_pageBar->setTabText(page, titles.join(QStringLiteral(" · ")));
    }
}

void ChartPages::arrange(int columns, int rows, bool force) {
    if (!force && columns == m_columns && rows == m_rows) return;
    const bool newColumns = columns != m_columns;
    const int first = firstChartShown();  // still shown after the charts move
    m_columns = columns;
    m_rows = rows;
    const int pages = pageCount();
    {
        const QSignalBlocker blocker(m_pageBar);
        while (m_pageBar->count() > pages) m_pageBar->removeTab(m_pageBar->count() - 1);
        while (m_pageBar->count() < pages) m_pageBar->addTab(QString());
    }
    updatePageTitles();
    m_pageBar->setVisible(pages > 1);
    const int places = int(m_charts.size());
    for (int column = 0; column < places; ++column)
        m_grid->setColumnStretch(column, column < columns ? 1 : 0);
    for (int row = 0; row < 2; ++row) m_grid->setRowStretch(row, row < rows ? 1 : 0);
    showPageOf(first);
    if (newColumns) emit arranged(columns);
}

void ChartPages::showPage(int page) {
    m_page = std::clamp(page, 0, pageCount() - 1);
    {
        const QSignalBlocker blocker(m_pageBar);
        m_pageBar->setCurrentIndex(m_page);
    }
    for (CurveChart* chart : m_charts) m_grid->removeWidget(chart);
    const QList<CurveChart*> shown = shownCharts();
    for (CurveChart* chart : m_charts) chart->setVisible(false);
    int onPage = 0;
    for (int i = 0; i < int(shown.size()); ++i) {
        if (i / perPage() != m_page) continue;
        const int place = i % perPage();
        m_grid->addWidget(shown[i], place / m_columns, place % m_columns);
        shown[i]->setVisible(true);
        ++onPage;
    }
    // A last page with fewer charts than columns gives them the whole width.
    for (int column = 0; column < int(m_charts.size()); ++column)
        m_grid->setColumnStretch(column, column < std::min(m_columns, std::max(1, onPage)) ? 1 : 0);
}

void ChartPages::arrangeForSize() {
    // Charts side by side while each gets kChartWidth, else four, else two per row (the charts
    // come in pairs: loss and accuracy, …, a distribution and its histograms); two rows where
    // each gets kChartHeight; what does not fit goes to further pages, one tab each.
    const int count = std::max(1, int(shownCharts().size()));
    const int spacing = m_grid->spacing();
    const auto fits = [&](int n) { return width() >= n * chartWidth() + (n - 1) * spacing; };
    int columns = 1;
    for (int n : {count, 4, 2})
        if (n <= count && fits(n)) {
            columns = n;
            break;
        }
    const int rows = columns < count && height() >= 2 * chartHeight() + spacing ? 2 : 1;
    arrange(columns, rows);
}

void ChartPages::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrangeForSize();
}

}  // namespace actlab::ui

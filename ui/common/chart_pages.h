// ChartPages: a run's charts side by side, 2 × 2, or, when the pane is too small for them all to
// be read, pages of two (or one) chosen by tabs above them. Shared by the Training and Attention
// views. A chart can be left out (accuracy of a regression run) without leaving an empty slot.
#pragma once

#include <QList>
#include <QWidget>
#include <algorithm>

class QFont;
class QGridLayout;
class QTabBar;

namespace actlab::ui {

class CurveChart;

class ChartPages : public QWidget {
    Q_OBJECT
public:
    // The current language's line height in `font` over the font's own (CJK falls back to a
    // font with taller lines): what a chart of fixed texts needs in height beyond English.
    static double lineGrowth(const QFont& font);
    // The least a chart needs for its title, legend, ticks and axis title at the chart fonts
    // (ui/charts/curve_chart.cpp) at 100 %; smaller, Qt Charts cuts them to "...". Both grow
    // with the UI scale (chartWidth(), chartHeight()).
    static constexpr int kChartWidth = 260;
    static constexpr int kChartHeight = 230;
    int chartWidth() const;
    int chartHeight() const;

    // Takes the charts into its grid, in this order.
    explicit ChartPages(const QList<CurveChart*>& charts, QWidget* parent = nullptr);

    QList<CurveChart*> shownCharts() const;
    void setChartShown(CurveChart* chart, bool shown);
    int columns() const { return m_columns; }
    int pageCount() const;
    int currentPage() const { return m_page; }
    void showPage(int page);
    // The tab shown, named by the first chart on it (its place among the shown charts), which
    // means the same charts in any arrangement (sessions, a lesson scene); and the tab of a chart.
    int firstChartShown() const { return m_page * std::max(1, perPage()); }
    void showPageOf(int chart) { showPage(chart / std::max(1, perPage())); }
    // The page tabs name their charts by title: call after a title changes.
    void updatePageTitles();

signals:
    void arranged(int columns);  // the charts moved to a new number of columns

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void arrange(int columns, int rows, bool force = false);
    void arrangeForSize();
    void updateMinimumSize();
    int perPage() const { return m_columns * m_rows; }

    QList<CurveChart*> m_charts;
    QList<bool> m_shown;
    QGridLayout* m_grid;
    QTabBar* m_pageBar;
    int m_columns = 0;
    int m_rows = 0;
    int m_page = 0;
};

}  // namespace actlab::ui

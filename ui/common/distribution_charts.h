// The Distributions page of both labs: one activation site's pre-activation z over the steps,
// as TensorBoard's distribution dashboard draws it (nine percentile lines, paler outwards, the
// median solid), and its histograms at up to five kept steps, first to last. For the ReLU family
// z = 0 is marked and the share of z ≤ 0 named; in compare mode run B is overlaid, dashed. A box
// on the first chart chooses the site. A site with a learnable mix adds its shares by step.
// Every chart exports as PNG, SVG and CSV (right-click).
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <vector>

#include "diagnostics/distributions.h"
#include "ui/charts/curve_chart.h"

class QComboBox;
class QWidget;

namespace actlab::ui {

class DistributionCharts : public QObject {
    Q_OBJECT
public:
    explicit DistributionCharts(QWidget* parent);

    CurveChart* bandsChart() const { return m_bands; }
    CurveChart* histogramChart() const { return m_histograms; }
    // A learnable mix's shares by step at the chosen site, as stacked areas (run B's bounds
    // dashed); shown by the labs only while some site has a mix (hasMix()).
    CurveChart* sharesChart() const { return m_shares; }
    bool hasMix() const;
    QComboBox* siteBox() const { return m_site; }

    // The runs' distributions (null: none yet), named for compare mode's legends.
    void setRuns(const std::vector<const Distributions*>& runs, const QStringList& names);
    void clear();
    // The chosen site's core name ("hidden 2", "block 1 residual into LN2"); a site the runs do
    // not have is chosen once they do.
    QString site() const;
    void setSite(const QString& name);
    // The site asked for (the box, or setSite), "" before any: what a view's state keeps, so
    // that the state does not change when the runs' first frame fills the box.
    QString chosenSite() const { return m_wanted; }

    // The site's name in the UI's language.
    static QString siteTitle(const SiteDistribution& site);

private:
    void redraw();
    void fillSites();
    void addBands(std::vector<CurveChart::Curve>& bands, size_t run,
                  const SiteDistribution& site) const;
    void addHistograms(std::vector<CurveChart::Curve>& histograms, size_t run,
                       const SiteDistribution& site) const;
    void drawShares(const QString& name, double lastStep);
    void addZeroLines(std::vector<CurveChart::Curve>& bands,
                      std::vector<CurveChart::Curve>& histograms, const QString& name,
                      double lastStep) const;

    CurveChart* m_bands;
    CurveChart* m_histograms;
    CurveChart* m_shares;
    QComboBox* m_site;
    QString m_wanted;  // the site asked for, kept while the runs do not have it
    std::vector<Distributions> m_runs;
    QStringList m_names;
};

}  // namespace actlab::ui

// CurveChart's audio trace (issue 29): the keyboard cursor's curve (else the first) over the
// visible x range, made into sound by core's sonifyPoints (the sound of `actlab-cli sonify`) and
// played by ui/common/audio_trace; "Play curve as sound" in the chart's right-click menu.
#include <QMenu>
#include <algorithm>

#include "export/sonify.h"
#include "ui/charts/curve_chart_impl.h"
#include "ui/common/audio_trace.h"

namespace actlab::ui {

QString CurveChart::soundCurve() const {
    if (curvePoints(m_impl->keyCurve).size() >= 2) return m_impl->keyCurve;
    for (const QString& key : m_impl->order)
        if (curvePoints(key).size() >= 2) return key;
    return {};
}

SonifyOptions CurveChart::soundOptions() const {
    SonifyOptions options;
    options.low = xLow();
    options.high = xHigh();
    options.seconds = kSoundSeconds;
    return options;
}

std::vector<int16_t> CurveChart::curveSound() const {
    QList<QPointF> points = curvePoints(soundCurve());
    std::stable_sort(points.begin(), points.end(),
                     [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    std::vector<double> x, y;
    for (const QPointF& point : points) {
        x.push_back(point.x());
        y.push_back(point.y());
    }
    return sonifyPoints(x, y, soundOptions(), nullptr);
}

QString CurveChart::playCurveSound() const {
    const QString key = soundCurve();
    const auto it = m_impl->entries.find(key);
    const QString label =
        it == m_impl->entries.end() || it->second.label.isEmpty() ? key : it->second.label;
    const QString message = playAudioTrace(curveSound(), soundOptions().sampleRate,
                                           key.isEmpty() ? tr("the curve") : label);
    showStatusMessage(const_cast<CurveChart*>(this), message);
    return message;
}

void CurveChart::addMenuActions(QMenu* menu) const {
    QAction* play = menu->addAction(tr("Play curve as sound"), menu, [this] { playCurveSound(); });
    play->setObjectName(QStringLiteral("playSound"));
    play->setEnabled(!soundCurve().isEmpty());
}

}  // namespace actlab::ui

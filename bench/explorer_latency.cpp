// Slider-to-repaint latency of the Explorer with 6 functions × 2001 points, f and f′ (12 series):
// each iteration moves a parameter slider as a drag would (sampling through core, replace(),
// display simplification) and repaints the chart synchronously. Reports median and p90 in ms.
// Variants: what is timed (slider + repaint, repaint alone, slider alone), display simplification
// on/off, slider held down (a drag: curves painted without antialiasing) or values set directly.
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QSlider>
#include <QThread>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <vector>

#include "backends/backend_factory.h"
#include "ui/charts/curve_chart.h"
#include "ui/panels/explorer_panel.h"

namespace {

enum Timed { SliderAndRepaint = 0, RepaintOnly = 1, SliderOnly = 2 };

// CPU time of this thread: unlike wall time, not inflated when other processes share the cores.
double threadCpuSeconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + 1e-9 * double(now.tv_nsec);
}

void settle(int milliseconds) {
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < milliseconds) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        // No event loop runs here, so items Qt Charts deleteLater()s would otherwise stay painted.
        QApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QThread::msleep(5);
    }
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

double percentile90(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, values.size() * 9 / 10)];
}

void explorerSliderLatency(benchmark::State& state) {
    const auto timed = static_cast<Timed>(state.range(0));
    const bool simplify = state.range(1) != 0;
    const bool held = state.range(2) != 0;
    auto selection = actlab::createBackend(actlab::BackendChoice::Cpu);
    actlab::ui::ExplorerPanel panel(*selection.backend);
    panel.resize(1400, 900);
    panel.show();
    panel.setVisibleFunctions({"gelu", "swish", "elu", "leaky_relu", "softplus", "mish"});
    panel.setDerivatives({true, true, false});
    panel.chart()->setDecimationEnabled(simplify);
    auto* slider = panel.findChild<QSlider*>("slider/swish/beta");
    if (!slider) {
        state.SkipWithError("no slider for swish beta");
        return;
    }
    settle(300);
    if (held) slider->setSliderDown(true);  // emits sliderPressed, as a mouse press does
    settle(50);

    std::vector<double> milliseconds, cpuMilliseconds;
    int step = 0;
    for (auto _ : state) {
        // A drag back and forth over beta ∈ [0.1, 5]: 4 slider steps per mouse move.
        const int position = 100 + (step < 120 ? step : 240 - step) * 4;
        step = (step + 1) % 240;
        const double cpuStart = threadCpuSeconds();
        const auto start = std::chrono::steady_clock::now();
        if (timed != RepaintOnly) slider->setValue(position);
        if (timed != SliderOnly) panel.chart()->repaintNow();
        const auto end = std::chrono::steady_clock::now();
        cpuMilliseconds.push_back((threadCpuSeconds() - cpuStart) * 1e3);
        const double seconds = std::chrono::duration<double>(end - start).count();
        state.SetIterationTime(seconds);
        milliseconds.push_back(seconds * 1e3);
        if (timed == RepaintOnly) slider->setValue(position);  // untimed: keep the data moving
        QApplication::processEvents();  // untimed: the posted updates a real event loop would run
    }
    state.counters["draft"] = panel.chart()->draftMode() ? 1 : 0;
    if (held) slider->setSliderDown(false);
    state.counters["median_ms"] = median(milliseconds);
    state.counters["p90_ms"] = percentile90(milliseconds);
    state.counters["thread_cpu_median_ms"] = median(cpuMilliseconds);
    int painted = 0;
    for (const QString& key : panel.chart()->curveKeys())
        painted += panel.chart()->displayedPointCount(key);
    state.counters["series"] = panel.chart()->curveKeys().size();
    state.counters["points_painted"] = painted;
}

}  // namespace

BENCHMARK(explorerSliderLatency)
    ->ArgNames({"timed", "simplify", "held"})
    ->Args({SliderAndRepaint, 1, 1})  // the target: a drag, as the user does it
    ->Args({SliderAndRepaint, 1, 0})  // values set directly: antialiased throughout
    ->Args({SliderAndRepaint, 0, 1})  // without the display simplification
    ->Args({RepaintOnly, 1, 1})
    ->Args({RepaintOnly, 1, 0})
    ->Args({SliderOnly, 1, 1})
    ->Iterations(240)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        std::fprintf(stderr,
                     "actlab-bench-explorer: no DISPLAY; run it under xvfb-run -a -s "
                     "\"-screen 0 1600x1000x24\" (falling back to offscreen)\n");
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

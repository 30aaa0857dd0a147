// The audio trace's player: the samples in a QBuffer read by a QAudioSink on the default output.
#include "ui/common/audio_trace.h"

#include <QAudioDevice>
#include <QAudioFormat>
#include <QAudioSink>
#include <QBuffer>
#include <QCoreApplication>
#include <QMainWindow>
#include <QMediaDevices>
#include <QPointer>
#include <QStatusBar>
#include <QWidget>

namespace actlab::ui {
namespace {

std::vector<int16_t>& lastSamples() {
    static std::vector<int16_t> samples;
    return samples;
}

// The sound playing now: its sink and buffer, deleted when it ends or the next one starts.
QPointer<QAudioSink>& playingSink() {
    static QPointer<QAudioSink> sink;
    return sink;
}

}  // namespace

const std::vector<int16_t>& lastAudioTrace() { return lastSamples(); }

QString playAudioTrace(const std::vector<int16_t>& samples, int sampleRate, const QString& what) {
    lastSamples() = samples;
    if (samples.empty())
        return QCoreApplication::translate("actlab::ui::AudioTrace", "There is no curve to play.");
    const QAudioDevice device = QMediaDevices::defaultAudioOutput();
    QAudioFormat format;
    format.setSampleRate(sampleRate);
    format.setChannelCount(1);
    format.setSampleFormat(QAudioFormat::Int16);
    if (device.isNull() || !device.isFormatSupported(format))
        return QCoreApplication::translate("actlab::ui::AudioTrace",
                                           "No sound output is available here: %1 cannot be "
                                           "played.")
            .arg(what);
    if (QAudioSink* old = playingSink()) {
        old->stop();
        old->deleteLater();
    }
    auto* sink = new QAudioSink(device, format, qApp);
    auto* buffer = new QBuffer(sink);
    buffer->setData(QByteArray(reinterpret_cast<const char*>(samples.data()),
                               qsizetype(samples.size() * sizeof(int16_t))));
    buffer->open(QIODevice::ReadOnly);
    QObject::connect(sink, &QAudioSink::stateChanged, sink, [sink](QAudio::State state) {
        if (state == QAudio::IdleState || state == QAudio::StoppedState) {
            sink->stop();
            sink->deleteLater();
        }
    });
    playingSink() = sink;
    sink->start(buffer);
    const double seconds = double(samples.size()) / sampleRate;
    return QCoreApplication::translate("actlab::ui::AudioTrace",
                                       "Playing %1 (%2 s): higher pitch, higher value; a tick at "
                                       "x = 0 and where the curve crosses zero.")
        .arg(what)
        .arg(seconds, 0, 'f', 1);
}

void showStatusMessage(QWidget* widget, const QString& message) {
    if (auto* window = qobject_cast<QMainWindow*>(widget ? widget->window() : nullptr))
        window->statusBar()->showMessage(message, 8000);
}

}  // namespace actlab::ui

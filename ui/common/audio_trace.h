// The audio trace in the GUI (issue 29): a curve's sound from core (export/sonify.h) played
// through Qt Multimedia. Where no sound output exists (CI, the offscreen platform, a machine
// without speakers) it says so instead of failing.
#pragma once

#include <QString>
#include <cstdint>
#include <vector>

class QWidget;

namespace actlab::ui {

// Plays 16-bit mono samples at sampleRate on the default output, replacing a sound still
// playing; returns what it did, for the status bar ("Playing …" or why it cannot).
QString playAudioTrace(const std::vector<int16_t>& samples, int sampleRate, const QString& what);
// The samples playAudioTrace was last given, played or not (tests check them without a device).
const std::vector<int16_t>& lastAudioTrace();
// Shows `message` in the status bar of the main window that holds `widget`, if any.
void showStatusMessage(QWidget* widget, const QString& message);

}  // namespace actlab::ui

// The wheel over a form scrolls the form: a spin box or combo box takes wheel events only while
// it has keyboard focus (a click or Tab gives it), so that scrolling a settings panel never
// changes Noise, Split or the activation by passing over them. Installed once on the
// application; it sees every widget, those created later included.
#pragma once

#include <QObject>

namespace actlab::ui {

class WheelGuard : public QObject {
    Q_OBJECT
public:
    // Installs the guard on qApp (once; later calls do nothing).
    static void install();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
};

}  // namespace actlab::ui

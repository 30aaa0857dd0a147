// WheelGuard: spin boxes and combo boxes get Qt::StrongFocus when polished (so the wheel never
// focuses them), and a wheel event over one without focus is ignored there, which lets Qt pass
// it on to the parent (the scroll area).
#include "ui/common/wheel_guard.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>

namespace actlab::ui {
namespace {

bool isGuarded(QObject* object) {
    return qobject_cast<QAbstractSpinBox*>(object) || qobject_cast<QComboBox*>(object);
}

}  // namespace

void WheelGuard::install() {
    static WheelGuard* guard = nullptr;
    if (guard || !qApp) return;
    guard = new WheelGuard(qApp);
    qApp->installEventFilter(guard);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Polish && isGuarded(watched)) {
        static_cast<QWidget*>(watched)->setFocusPolicy(Qt::StrongFocus);
    } else if (event->type() == QEvent::Wheel && isGuarded(watched) &&
               !static_cast<QWidget*>(watched)->hasFocus()) {
        event->ignore();  // not consumed: QApplication offers it to the parent next
        return true;
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace actlab::ui

// ThreadSanitizer's view of the training thread's queued calls. Qt orders a queued call after its
// post with a mutex inside libQt6Core that TSan cannot see unless Qt itself is built with TSan
// (Debian's is not), so every value a queued call carries would be reported as a race.
#pragma once

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#endif

namespace actlab::ui {

// Carried last in a value that crosses threads in a queued call (a signal argument, a lambda's
// captures): copying it releases; received() on the receiving side, and its destructor (members
// are destroyed last first: a call Qt drops undelivered), acquire. So TSan sees the order Qt's
// queue gives. Empty and free in every build but a TSan one (scripts/sanitize.sh tsan).
class QueuedHandoff {
public:
    QueuedHandoff() { release(); }
    QueuedHandoff(const QueuedHandoff&) { release(); }
    QueuedHandoff& operator=(const QueuedHandoff&) {
        release();
        return *this;
    }
    ~QueuedHandoff() { received(); }
    void received() const {
#if defined(__SANITIZE_THREAD__)
        __tsan_acquire(&token);
#endif
    }

private:
#if defined(__SANITIZE_THREAD__)
    static void release() { __tsan_release(&token); }
    static inline char token = 0;
#else
    static void release() {}
#endif
};

}  // namespace actlab::ui

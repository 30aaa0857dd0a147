// The reduced-motion switch: one flag for the whole application, read where things move.
#include "ui/common/reduced_motion.h"

namespace actlab::ui {
namespace {
bool g_reducedMotion = false;
}  // namespace

void setReducedMotion(bool on) { g_reducedMotion = on; }

bool reducedMotion() { return g_reducedMotion; }

}  // namespace actlab::ui

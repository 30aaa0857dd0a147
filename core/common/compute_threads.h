// How many OpenMP threads the calling thread's numerical work may use (a per-thread setting).
// An interactive worker thread asks for 1: these models are small, and a team of spinning
// threads beside the UI thread makes training slower, not faster (see training_loop.h).
#pragma once

namespace actlab {

// threads ≥ 1; does nothing in a build without OpenMP.
void setComputeThreadsOfThisThread(int threads);

}  // namespace actlab

// How many OpenMP threads the calling thread's numerical work may use (a per-thread setting).
// An interactive worker thread asks for 1: these models are small, and a team of spinning
// threads beside the UI thread makes training slower, not faster (see training_loop.h).
#pragma once

namespace actlab {

// threads ≥ 1; does nothing in a build without OpenMP.
void setComputeThreadsOfThisThread(int threads);

// Sets the calling thread's compute threads for its lifetime and puts the previous setting back.
// The sums of a product are split by thread count, so a run's numbers depend on it: code that
// must reproduce what a view trains (a lesson's figures) trains as the views do, on one thread.
class ScopedComputeThreads {
public:
    explicit ScopedComputeThreads(int threads);
    ~ScopedComputeThreads();
    ScopedComputeThreads(const ScopedComputeThreads&) = delete;
    ScopedComputeThreads& operator=(const ScopedComputeThreads&) = delete;

private:
    int m_previous = 0;
};

}  // namespace actlab

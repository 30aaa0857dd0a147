// The bounded fuzz run of the test suite (GCC, no libFuzzer): feeds a target's seed corpus, fixed
// extreme inputs and a fixed number of seeded mutations to its LLVMFuzzerTestOneInput, with a
// CPU-time bound per input and a heap bound checked here; a failing input is saved to a file.
//   fuzz_replay --corpus DIR [--runs N] [--seed S] [--max-len BYTES] [--input-cpu-ms MS]
//               [--heap-mb MB] [--heap-per-byte K] [--rss-mb MB]   the bounded run (ctest)
//   fuzz_replay FILE...                                            replays saved inputs
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <new>
#include <string>
#include <vector>

#include "fuzz_mutator.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
// Provided by a sanitizer runtime when one is linked in (ASan, UBSan, TSan); null otherwise.
extern "C" void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));

namespace {

// Heap accounting: every operator new of the process passes through allocate() below.
std::atomic<size_t> g_liveBytes{0}, g_peakBytes{0};
std::atomic<size_t> g_allocationLimit{SIZE_MAX};  // a single allocation above it is a finding

// What is being run, kept where the async-signal-safe reporter can reach it.
const char* g_input = nullptr;
size_t g_inputSize = 0;
char g_inputName[256] = "";
char g_failurePath[256] = "";

void writeText(const char* text) { (void)!write(STDERR_FILENO, text, std::strlen(text)); }

// Saves the current input and says how to replay it; safe inside a signal handler.
void reportCurrentInput(const char* what) {
    writeText("\nfuzz_replay: ");
    writeText(what);
    writeText("\n  input: ");
    writeText(g_inputName);
    if (g_input) {
        const int fd = open(g_failurePath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            (void)!write(fd, g_input, g_inputSize);
            close(fd);
            writeText("\n  saved to ");
            writeText(g_failurePath);
            writeText(" (replay: this program with that file as its argument)");
        }
    }
    writeText("\n");
}

void onCpuLimit(int) {
    reportCurrentInput("the input took more CPU time than --input-cpu-ms allows (a hang?)");
    _exit(3);
}
void onCrash(int signal) {
    reportCurrentInput("the input crashed the target (or broke its contract: see above)");
    ::signal(signal, SIG_DFL);
    raise(signal);
}
void onSanitizerDeath() { reportCurrentInput("a sanitizer stopped the run (report above)"); }

void* allocate(size_t size) {
    if (size > g_allocationLimit.load(std::memory_order_relaxed)) {
        reportCurrentInput("one allocation is larger than the heap bound for this input");
        _exit(4);
    }
    void* p = std::malloc(size ? size : 1);
    if (!p) throw std::bad_alloc();
    const size_t live = g_liveBytes.fetch_add(malloc_usable_size(p)) + malloc_usable_size(p);
    size_t peak = g_peakBytes.load();
    while (live > peak && !g_peakBytes.compare_exchange_weak(peak, live)) {
    }
    return p;
}
void release(void* p) {
    if (!p) return;
    g_liveBytes.fetch_sub(malloc_usable_size(p));
    std::free(p);
}

struct Options {
    std::string corpus;
    std::vector<std::string> files;
    long runs = 10'000;
    std::uint64_t seed = 1;
    size_t maxLength = 64 * 1024;  // mutated inputs; the extreme inputs are larger
    long inputCpuMs = 5'000;
    size_t heapFloorMb = 16;  // the heap bound of an input: floor + perByte × its size
    size_t heapPerByte = 64;
    long rssMb = 2'048;
};

Options parseOptions(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "fuzz_replay: %s needs a value\n", arg.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (arg == "--corpus")
            o.corpus = value();
        else if (arg == "--runs")
            o.runs = std::stol(value());
        else if (arg == "--seed")
            o.seed = std::stoull(value());
        else if (arg == "--max-len")
            o.maxLength = std::stoul(value());
        else if (arg == "--input-cpu-ms")
            o.inputCpuMs = std::stol(value());
        else if (arg == "--heap-mb")
            o.heapFloorMb = std::stoul(value());
        else if (arg == "--heap-per-byte")
            o.heapPerByte = std::stoul(value());
        else if (arg == "--rss-mb")
            o.rssMb = std::stol(value());
        else if (arg.starts_with("--")) {
            std::fprintf(stderr, "fuzz_replay: unknown option %s\n", arg.c_str());
            std::exit(2);
        } else
            o.files.push_back(arg);
    }
    if (o.corpus.empty() == o.files.empty()) {
        std::fprintf(stderr, "usage: %s --corpus DIR [--runs N] [--seed S] ... | FILE...\n",
                     argv[0]);
        std::exit(2);
    }
    return o;
}

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "fuzz_replay: cannot read %s\n", path.c_str());
        std::exit(2);
    }
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

double cpuMilliseconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

struct Totals {
    long inputs = 0;
    double slowestMs = 0;
    std::string slowestName;
    size_t largestPeak = 0;
    std::string largestName;
};

// Runs one input under the CPU-time and heap bounds; exits non-zero (input saved) on a finding.
void runOne(const Options& o, const std::string& name, const std::string& input, Totals& totals) {
    std::snprintf(g_inputName, sizeof g_inputName, "%s (%zu bytes)", name.c_str(), input.size());
    g_input = input.data();
    g_inputSize = input.size();
    const size_t heapBound = o.heapFloorMb * 1024 * 1024 + o.heapPerByte * input.size();
    const size_t liveBefore = g_liveBytes.load();
    g_peakBytes.store(liveBefore);
    g_allocationLimit.store(heapBound);
    itimerval limit{};
    limit.it_value.tv_sec = o.inputCpuMs / 1000;
    limit.it_value.tv_usec = (o.inputCpuMs % 1000) * 1000;
    const double cpuBefore = cpuMilliseconds();
    setitimer(ITIMER_VIRTUAL, &limit, nullptr);

    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());

    const itimerval off{};
    setitimer(ITIMER_VIRTUAL, &off, nullptr);
    const double cpuMs = cpuMilliseconds() - cpuBefore;
    g_allocationLimit.store(SIZE_MAX);
    const size_t peak = g_peakBytes.load() - liveBefore;
    if (peak > heapBound) {
        char what[160];
        std::snprintf(what, sizeof what, "the input's heap peak %zu bytes is above its bound %zu",
                      peak, heapBound);
        reportCurrentInput(what);
        std::exit(4);
    }
    ++totals.inputs;
    if (cpuMs > totals.slowestMs) totals.slowestMs = cpuMs, totals.slowestName = g_inputName;
    if (peak > totals.largestPeak) totals.largestPeak = peak, totals.largestName = g_inputName;
    g_input = nullptr;
}

}  // namespace

void* operator new(size_t size) { return allocate(size); }
void* operator new[](size_t size) { return allocate(size); }
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, size_t) noexcept { release(p); }
void operator delete[](void* p, size_t) noexcept { release(p); }
// The nothrow forms too (std::stable_sort's buffer uses them): left to the library's, they
// allocate through its own operator new while the deletes above free, a mismatch under ASan.
void* operator new(size_t size, const std::nothrow_t&) noexcept {
    try {
        return allocate(size);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}
void* operator new[](size_t size, const std::nothrow_t& tag) noexcept {
    return operator new(size, tag);
}
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }

int main(int argc, char** argv) {
    const Options o = parseOptions(argc, argv);
    std::snprintf(g_failurePath, sizeof g_failurePath, "fuzz-failure-%s.bin", ACTLAB_FUZZ_TARGET);
    signal(SIGVTALRM, onCpuLimit);
    for (int s : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL}) signal(s, onCrash);
    if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(onSanitizerDeath);

    Totals totals;
    if (!o.files.empty()) {
        for (const std::string& file : o.files) runOne(o, file, readFile(file), totals);
        std::printf("%s: %ld inputs replayed, no finding\n", ACTLAB_FUZZ_TARGET, totals.inputs);
        return 0;
    }
    std::vector<std::filesystem::path> paths;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(o.corpus, error))
        if (entry.is_regular_file()) paths.push_back(entry.path());
    if (error || paths.empty()) {
        std::fprintf(stderr, "fuzz_replay: no seed corpus in %s\n", o.corpus.c_str());
        return 2;
    }
    std::sort(paths.begin(), paths.end());  // the same order, hence the same mutations, everywhere
    std::vector<std::string> corpus;
    for (const auto& path : paths) {
        corpus.push_back(readFile(path));
        runOne(o, "corpus/" + path.filename().string(), corpus.back(), totals);
    }
    for (const actlab::fuzz::NamedInput& input : actlab::fuzz::extremeInputs())
        runOne(o, "extreme/" + input.name, input.bytes, totals);
    actlab::fuzz::SeededRandom random(o.seed);
    std::string moves;
    for (long i = 0; i < o.runs; ++i) {
        const std::string input = actlab::fuzz::mutateInput(corpus, random, o.maxLength, &moves);
        runOne(o,
               "mutation " + std::to_string(i) + " (seed " + std::to_string(o.seed) + "): " + moves,
               input, totals);
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const long rssMb = usage.ru_maxrss / 1024;
    std::printf(
        "%s: %zu corpus + extreme inputs and %ld mutations (seed %llu), no finding\n"
        "  slowest: %.1f ms CPU, %s\n  largest heap peak: %zu bytes, %s\n"
        "  peak RSS: %ld MB\n",
        ACTLAB_FUZZ_TARGET, size_t(totals.inputs - o.runs), o.runs, (unsigned long long)o.seed,
        totals.slowestMs, totals.slowestName.c_str(), totals.largestPeak,
        totals.largestName.c_str(), rssMb);
    if (rssMb > o.rssMb) {
        std::fprintf(stderr, "fuzz_replay: peak RSS %ld MB is above --rss-mb %ld\n", rssMb,
                     o.rssMb);
        return 4;
    }
    return 0;
}

"""What the PyTorch twins in bench/ share: their command line ([WORKLOAD] [--threads N]
[--seconds S]) and the timing of actlab-cli bench (up to 5 warm-up steps, fewer where they take
longer than the timed seconds; then steps until the seconds have passed), printed as one JSON line
as shared/bench/torch_bench.py prints it."""
import json
import sys
import time

import torch


def setup(argv=None):
    """Reads --threads (default 2) and --seconds (default 3), sets torch's threads and seed 0."""
    args = list(sys.argv[1:] if argv is None else argv)
    threads, seconds = 2, 3.0
    if "--threads" in args:
        i = args.index("--threads"); threads = int(args[i + 1]); del args[i:i + 2]
    if "--seconds" in args:
        i = args.index("--seconds"); seconds = float(args[i + 1]); del args[i:i + 2]
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    return threads, seconds


def run(workload, step, threads, seconds):
    """Times step() (which returns the loss) and prints the JSON line."""
    warm = time.perf_counter()
    for _ in range(5):
        step()
        if time.perf_counter() - warm >= seconds:
            break
    n, t0 = 0, time.perf_counter()
    while True:
        loss = step(); n += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            break
    print(json.dumps({"workload": workload, "peer": "pytorch-" + torch.__version__,
                      "threads": threads, "steps_per_second": round(n / elapsed, 2),
                      "final_loss": round(float(loss), 5)}))

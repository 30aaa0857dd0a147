#!/usr/bin/python3
"""Runs `actlab-cli bench W` and PyTorch's yardstick (shared/bench/torch_bench.py, PyTorch 1.13,
2 threads) alternately on the same machine and prints the ratio of the medians per workload.

Usage: scripts/bench_vs_pytorch.py [--cli build/app/cli/actlab-cli] [--yardstick PATH]
                                   [--rounds 3] [--seconds 3] [workload ...]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("--cli", default=os.path.join(ROOT, "build", "app", "cli", "actlab-cli"))
parser.add_argument("--yardstick", default=os.path.join(ROOT, "..", "shared", "bench", "torch_bench.py"))
parser.add_argument("--rounds", type=int, default=3)
parser.add_argument("--seconds", type=float, default=3.0)
parser.add_argument("--backend", default="cpu")
parser.add_argument("workloads", nargs="*", default=["gelu-eval", "mlp-small", "ffn-medium", "swiglu-ffn"])
args = parser.parse_args()

RATE = {"gelu-eval": "elements_per_second"}
# Workloads whose PyTorch twin lives in this repository's bench/ rather than the shared yardstick.
TWINS = {"text-char": os.path.join(ROOT, "bench", "torch_text_char.py"),
         "transformer-small": os.path.join(ROOT, "bench", "torch_transformer_small.py"),
         "ffn-large": os.path.join(ROOT, "bench", "torch_ffn_large.py")}


def run(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


print("workload      actlab (median)     pytorch (median)    ratio")
for workload in args.workloads:
    key = RATE.get(workload, "steps_per_second")
    ours, theirs = [], []
    for _ in range(args.rounds):  # alternate, so that both see the same machine state
        ours.append(run([args.cli, "bench", workload, "--backend", args.backend, "--seconds", str(args.seconds)])[key])
        yardstick = TWINS.get(workload, args.yardstick)
        theirs.append(run(["/usr/bin/python3", yardstick, workload, "--seconds", str(args.seconds)])[key])
    a, b = statistics.median(ours), statistics.median(theirs)
    print(f"{workload:<13} {a:>16.4g}    {b:>16.4g}    {a / b:6.2f}x", flush=True)
sys.exit(0)

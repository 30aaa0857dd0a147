#!/usr/bin/python3
"""The ffn-large workload of `actlab-cli bench` in PyTorch (Debian python3-torch), a yardstick
beside shared/bench/torch_bench.py's: a 1024-2048-2048-10 MLP with exact GELU, softmax
cross-entropy, batch 512 cycling through a 4096-row teacher set (x ~ N(0, 1), the class argmax of
x·W), Adam 1e-3. Prints one JSON line as torch_bench.py does.
Usage: torch_ffn_large.py [ffn-large] [--threads N] [--seconds S]"""

import torch
import torch.nn as nn
import torch.nn.functional as F

import twin_timing

threads, seconds = twin_timing.setup()

N, D, W, C, B = 4096, 1024, 2048, 10, 512
g = torch.Generator().manual_seed(7)
X = torch.randn(N, D, generator=g)
Y = (X @ torch.randn(D, C, generator=g)).argmax(1)
model = nn.Sequential(nn.Linear(D, W), nn.GELU(), nn.Linear(W, W), nn.GELU(), nn.Linear(W, C))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
cursor = [0]


def step():
    s = cursor[0]
    cursor[0] = (s + B) % N
    opt.zero_grad(set_to_none=True)
    loss = F.cross_entropy(model(X[s:s + B]), Y[s:s + B])
    loss.backward()
    opt.step()
    return loss


twin_timing.run("ffn-large", step, threads, seconds)

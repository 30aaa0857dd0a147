#!/usr/bin/python3
"""The transformer-small workload of `actlab-cli bench` in PyTorch (Debian python3-torch), a
yardstick beside shared/bench/torch_bench.py's: the reverse task at vocab 64, seq 64, d_model 256,
8 heads, 4 Pre-LN blocks, FFN 1024 with exact GELU, batch 64, Adam 1e-3, a fresh batch each step,
per-token cross-entropy. Prints one JSON line as torch_bench.py does.
Usage: torch_transformer_small.py [transformer-small] [--threads N] [--seconds S]"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

import twin_timing

threads, seconds = twin_timing.setup()

V, T, D, H, L, FF, B = 64, 64, 256, 8, 4, 1024, 64
g = torch.Generator().manual_seed(6)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(D), nn.LayerNorm(D)
        self.q, self.k, self.v, self.o = (nn.Linear(D, D) for _ in range(4))
        self.fc1, self.fc2 = nn.Linear(D, FF), nn.Linear(FF, D)

    def forward(self, x):
        b, t, _ = x.shape
        z = self.ln1(x)
        q, k, v = [f(z).view(b, t, H, D // H).transpose(1, 2) for f in (self.q, self.k, self.v)]
        a = torch.softmax((q @ k.transpose(-1, -2)) / math.sqrt(D // H), -1)
        x = x + self.o((a @ v).transpose(1, 2).reshape(b, t, D))
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(V, D)
        self.pos = nn.Parameter(torch.randn(T, D) * 0.02)
        self.blocks = nn.Sequential(*[Block() for _ in range(L)])
        self.ln, self.head = nn.LayerNorm(D), nn.Linear(D, V)

    def forward(self, ids):
        return self.head(self.ln(self.blocks(self.tok(ids) + self.pos)))


model = Model()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)


def step():
    x = torch.randint(0, V, (B, T), generator=g)
    y = x.flip(1)
    opt.zero_grad(set_to_none=True)
    loss = F.cross_entropy(model(x).reshape(-1, V), y.reshape(-1))
    loss.backward()
    opt.step()
    return loss


twin_timing.run("transformer-small", step, threads, seconds)

#!/usr/bin/python3
"""The text-char workload of `actlab-cli bench` in PyTorch (Debian python3-torch), a yardstick
beside shared/bench/torch_bench.py's: a causal character-level language model, vocab 96, seq 64,
d_model 64, 4 heads, 2 Pre-LN blocks, FFN 256 with exact GELU, batch 32, Adam 3e-3, random
windows of a 20,000-character text. Prints one JSON line as torch_bench.py does.
Usage: torch_text_char.py [text-char] [--threads N] [--seconds S]"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

import twin_timing

threads, seconds = twin_timing.setup()

V, T, D, H, L, B, N = 96, 64, 64, 4, 2, 32, 20000
g = torch.Generator().manual_seed(5)
text = torch.randint(0, V, (N,), generator=g)
mask = torch.triu(torch.ones(T, T, dtype=torch.bool), 1)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(D), nn.LayerNorm(D)
        self.q, self.k, self.v, self.o = (nn.Linear(D, D) for _ in range(4))
        self.fc1, self.fc2 = nn.Linear(D, 256), nn.Linear(256, D)

    def forward(self, x):
        b, t, _ = x.shape
        z = self.ln1(x)
        q, k, v = [f(z).view(b, t, H, D // H).transpose(1, 2) for f in (self.q, self.k, self.v)]
        s = (q @ k.transpose(-1, -2)) / math.sqrt(D // H)
        a = torch.softmax(s.masked_fill(mask[:t, :t], float("-inf")), -1)
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
opt = torch.optim.Adam(model.parameters(), lr=3e-3)


def step():
    starts = torch.randint(0, N - T - 1, (B,), generator=g)
    window = torch.stack([text[s:s + T + 1] for s in starts.tolist()])
    x, y = window[:, :-1], window[:, 1:]
    opt.zero_grad(set_to_none=True)
    loss = F.cross_entropy(model(x).reshape(-1, V), y.reshape(-1))
    loss.backward()
    opt.step()
    return loss


twin_timing.run("text-char", step, threads, seconds)

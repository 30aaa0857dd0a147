# A minGPT-style PyTorch twin of core/models/transformer.h, imported by the fixture scripts
# (make_transformer_fixtures.py, make_safetensors_fixture.py); importing it changes nothing, not
# even torch's default dtype: parameters take the dtype in force when a Model is built.
"""The twin implements exactly what core/models/transformer_passes.cpp says:
  x0 = tok_emb[ids] + pos_emb[0..T)
  Pre-LN block:  h = x + o(A(LN1(x))),  x' = h + F(LN2(h));  ln_f before the head
  Post-LN block: h = LN1(x + o(A(x))),  x' = LN2(h + F(h));  no ln_f
  ffn none: the block stops at h (no ln2).
  A(z): q, k, v = act_qkv(W z + b); per head softmax(q k^T / sqrt(d_head) + causal mask) v;
        heads concatenated; o = Linear with bias.
  F plain: fc2(act(fc1 z)); gated: out(act(gate z) * value z), no biases.
  head: Linear on every position (B*T, O) or on the mean over positions (B, O).
Its named_parameters are ActLab's parameter names, in ActLab's order, with PyTorch's layouts.

A configuration is a dict: vocab, seq, d_model, heads, layers, d_ff, ffn (plain, gated, none),
ffn_activation, qkv_activation (catalogue names), norm (pre, post), causal, outputs, pool (bool).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

# Catalogue names -> PyTorch functions (those the fixtures use; a KeyError names any other).
SCALAR = {
    "identity": lambda x: x,
    "relu": F.relu,
    "gelu": lambda x: F.gelu(x, approximate="none"),
    "silu": F.silu,
    "mish": F.mish,
    "tanh": torch.tanh,
}
GATE = {"glu": torch.sigmoid, "reglu": F.relu, "geglu": SCALAR["gelu"], "swiglu": F.silu}
KINKED = {"relu", "reglu"}  # functions whose derivative jumps at 0


def mix_components(name):
    """["relu", "gelu"] for "mix(relu,gelu)"; None for a catalogue name."""
    if not name.startswith("mix("):
        return None
    return [part.strip() for part in name[4:-1].split(",")]


def kinked(name):
    parts = mix_components(name)
    return name in KINKED or (parts is not None and any(p in KINKED for p in parts))


class Mix(nn.Module):
    """core/layers/mix.h: f(z) = sum_i softmax(w)_i * f_i(z); w (K) per site or (units, K)."""

    def __init__(self, name, units, per_unit):
        super().__init__()
        self.functions = [SCALAR[part] for part in mix_components(name)]
        K = len(self.functions)
        self.mix_weights = nn.Parameter(torch.zeros(units, K) if per_unit else torch.zeros(K))

    def forward(self, z):  # z (..., units)
        shares = F.softmax(self.mix_weights, dim=-1)  # (K) or (units, K)
        return (torch.stack([f(z) for f in self.functions], dim=-1) * shares).sum(dim=-1)


def activation(name, units, cfg, table=SCALAR):
    """A module for a mix, else the catalogue function from `table`."""
    if mix_components(name) is not None:
        return Mix(name, units, cfg.get("mix_per_unit", False))
    return table[name]


class Attention(nn.Module):
    """Multi-head self-attention with an activation on q, k and v."""

    def __init__(self, cfg):
        super().__init__()
        C = cfg["d_model"]
        self.q, self.k, self.v, self.o = (nn.Linear(C, C) for _ in range(4))
        self.heads = cfg["heads"]
        self.causal = cfg["causal"]
        # one module each when they learn (a mix), else one function for the three
        self.q_act, self.k_act, self.v_act = (activation(cfg["qkv_activation"], C, cfg)
                                              for _ in range(3))
        self.pre_activations = []  # q, k, v before act, for the kink check

    def forward(self, z):  # z (B, T, C) -> (B, T, C)
        B, T, C = z.shape
        hs = C // self.heads
        self.pre_activations = [self.q(z), self.k(z), self.v(z)]
        q, k, v = (act(p).view(B, T, self.heads, hs).transpose(1, 2)
                   for act, p in zip((self.q_act, self.k_act, self.v_act),
                                     self.pre_activations))  # (B, NH, T, hs)
        scores = q @ k.transpose(-2, -1) / math.sqrt(hs)  # (B, NH, T, T)
        if self.causal:
            above = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
            scores = scores.masked_fill(above, float("-inf"))
        att = F.softmax(scores, dim=-1)
        y = (att @ v).transpose(1, 2).reshape(B, T, C)  # heads side by side
        return self.o(y)


class PlainFeedForward(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.fc1 = nn.Linear(cfg["d_model"], cfg["d_ff"])
        self.fc2 = nn.Linear(cfg["d_ff"], cfg["d_model"])
        self.act = activation(cfg["ffn_activation"], cfg["d_ff"], cfg)

    def forward(self, z):
        self.pre_activation = self.fc1(z)
        return self.fc2(self.act(self.pre_activation))


class GatedFeedForward(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        C, Fw = cfg["d_model"], cfg["d_ff"]
        self.gate = nn.Linear(C, Fw, bias=False)
        self.value = nn.Linear(C, Fw, bias=False)
        self.out = nn.Linear(Fw, C, bias=False)
        self.act = activation(cfg["ffn_activation"], Fw, cfg, GATE)

    def forward(self, z):
        self.pre_activation = self.gate(z)
        return self.out(self.act(self.pre_activation) * self.value(z))


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        C = cfg["d_model"]
        self.pre = cfg["norm"] == "pre"
        self.ln1 = nn.LayerNorm(C, eps=1e-5)
        self.attn = Attention(cfg)
        self.ffn = None
        if cfg["ffn"] != "none":
            self.ln2 = nn.LayerNorm(C, eps=1e-5)
            self.ffn = PlainFeedForward(cfg) if cfg["ffn"] == "plain" else GatedFeedForward(cfg)

    def forward(self, x):
        if self.pre:
            h = x + self.attn(self.ln1(x))
            return h if self.ffn is None else h + self.ffn(self.ln2(h))
        h = self.ln1(x + self.attn(x))
        return h if self.ffn is None else self.ln2(h + self.ffn(h))


class Model(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        C = cfg["d_model"]
        self.tok_emb = nn.Embedding(cfg["vocab"], C)
        self.pos_emb = nn.Embedding(cfg["seq"], C)
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg["layers"]))
        self.ln_f = nn.LayerNorm(C, eps=1e-5) if cfg["norm"] == "pre" else None
        self.head = nn.Linear(C, cfg["outputs"])
        self.pool = cfg["pool"]

    def forward(self, ids):  # ids (B, T) -> logits (B*T, O) or (B, O)
        B, T = ids.shape
        x = self.tok_emb(ids) + self.pos_emb(torch.arange(T))
        for block in self.blocks:
            x = block(x)
        if self.ln_f is not None:
            x = self.ln_f(x)
        if self.pool:
            return self.head(x.mean(dim=1))
        return self.head(x).reshape(B * T, -1)

    def kinked_pre_activations(self, cfg):
        """The tensors fed to a kinked function in the last forward."""
        tensors = []
        for block in self.blocks:
            if kinked(cfg["qkv_activation"]):
                tensors += block.attn.pre_activations
            if block.ffn is not None and kinked(cfg["ffn_activation"]):
                tensors.append(block.ffn.pre_activation)
        return tensors

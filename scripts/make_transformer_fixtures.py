#!/usr/bin/python3
# Writes tests/models/fixtures/transformer_torch.json: logits, cross-entropy loss and the gradient
# of every parameter of a minGPT-style PyTorch twin of core/models/transformer.h, in float64.
"""Usage: /usr/bin/python3 scripts/make_transformer_fixtures.py   (from anywhere; deterministic)

The twin (scripts/actlab_torch_twin.py) implements core/models/transformer_passes.cpp.
The loss is F.cross_entropy(logits, targets, ignore_index=-100) (mean over counted targets).

Each case holds: config, tokens, targets, parameters {name: {shape, values}} (PyTorch layouts,
named_parameters order), logits, loss and gradients {name: {shape, values}}. Every number is
printed with repr() so that strtod reads back the same double. Parameters are drawn by torch
from a fixed seed: order 1 (the model's own initialisation is too small to exercise the
nonlinearities), LayerNorm weights near 1. Cases with a kink (relu on Q/K/V, reglu) redraw until
no pre-activation is within 1e-3 of it, so that the one-sided derivative never matters.
"""
import json
import os

import torch
import torch.nn.functional as F

from actlab_torch_twin import Model

torch.set_default_dtype(torch.float64)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "models", "fixtures", "transformer_torch.json")


def base_config(**changes):
    cfg = dict(vocab=7, seq=5, d_model=6, heads=2, layers=2, d_ff=10, ffn="plain",
               ffn_activation="gelu", qkv_activation="identity", norm="pre", causal=False,
               outputs=5, pool=False)
    cfg.update(changes)
    return cfg


# name, config, batch B, length T (<= seq), ignore one target
CASES = [
    ("pre_plain_gelu", base_config(), 2, 4, True),
    ("post_plain_gelu_causal", base_config(norm="post", causal=True), 2, 5, False),
    ("pre_causal_qkv_relu", base_config(causal=True, qkv_activation="relu"), 2, 4, True),
    ("qkv_gelu", base_config(qkv_activation="gelu"), 3, 3, False),
    ("gated_swiglu", base_config(ffn="gated", ffn_activation="swiglu", d_ff=8), 2, 4, False),
    ("gated_geglu_post", base_config(ffn="gated", ffn_activation="geglu", norm="post", d_ff=8),
     2, 5, True),
    ("gated_reglu_causal", base_config(ffn="gated", ffn_activation="reglu", causal=True, d_ff=7),
     2, 4, False),
    ("gated_glu_qkv_tanh_post", base_config(ffn="gated", ffn_activation="glu",
                                            qkv_activation="tanh", norm="post", d_ff=8), 2, 3,
     False),
    ("attention_only_pooled", base_config(ffn="none", pool=True), 3, 4, False),
    ("attention_only_post_causal", base_config(ffn="none", norm="post", causal=True), 2, 4, True),
    ("pooled_mish_post", base_config(ffn_activation="mish", norm="post", pool=True, outputs=3),
     3, 5, False),
    ("three_layers_four_heads", base_config(layers=3, heads=4, d_model=8, d_ff=16, seq=6,
                                            causal=True, qkv_activation="silu"), 2, 6, True),
    ("qkv_mix", base_config(qkv_activation="mix(relu,gelu,tanh)"), 2, 4, False),
    ("ffn_mix_per_unit_post", base_config(ffn_activation="mix(gelu,silu,tanh)", mix_per_unit=True,
                                          norm="post"), 2, 4, False),
    ("gated_mix_gate_causal", base_config(ffn="gated", ffn_activation="mix(relu,silu)", d_ff=8,
                                          causal=True), 2, 4, True),
]


def randomise(model, generator):
    """Order-1 values: uniform(-0.6, 0.6), embeddings uniform(-1, 1), LayerNorm weights 1 ± 0.3."""
    with torch.no_grad():
        for name, p in model.named_parameters():
            u = torch.rand(p.shape, generator=generator) * 2 - 1
            if name.endswith("emb.weight"):
                p.copy_(u)
            elif "ln" in name and name.endswith("weight"):
                p.copy_(1 + 0.3 * u)
            else:
                p.copy_(0.6 * u)


def tensor_json(t):
    number = float if t.is_floating_point() else int
    return {"shape": list(t.shape), "values": [number(v) for v in t.detach().reshape(-1)]}


def make_case(index, name, cfg, B, T, ignore):
    model = Model(cfg)
    for attempt in range(100):
        generator = torch.Generator().manual_seed(1000 * index + attempt)
        randomise(model, generator)
        ids = torch.randint(0, cfg["vocab"], (B, T), generator=generator)
        rows = B if cfg["pool"] else B * T
        targets = torch.randint(0, cfg["outputs"], (rows,), generator=generator)
        if ignore:
            targets[1] = -100
        logits = model(ids)
        kinks = model.kinked_pre_activations(cfg)
        if all(bool((t.abs() > 1e-3).all()) for t in kinks):
            break
    else:
        raise RuntimeError(name + ": no draw keeps the pre-activations away from the kink")
    loss = F.cross_entropy(logits, targets, ignore_index=-100)
    model.zero_grad()
    loss.backward()
    named = list(model.named_parameters())
    return {
        "name": name,
        "config": cfg,
        "tokens": tensor_json(ids),
        "targets": [int(v) for v in targets],
        "parameters": {n: tensor_json(p) for n, p in named},
        "logits": tensor_json(logits),
        "loss": float(loss),
        "gradients": {n: tensor_json(p.grad) for n, p in named},
    }


def main():
    cases = [make_case(i, *case) for i, case in enumerate(CASES)]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:  # one case per line: small, and diffs stay readable
        f.write('{"generator": "scripts/make_transformer_fixtures.py", "torch": %s,\n'
                % json.dumps(torch.__version__))
        f.write(' "cases": [\n')
        f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in cases))
        f.write("\n]}\n")
    print("wrote", OUT, os.path.getsize(OUT), "bytes,", len(cases), "cases")


if __name__ == "__main__":
    main()

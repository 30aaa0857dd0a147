#!/usr/bin/python3
# Writes tests/models/fixtures/mlp_torch.json: outputs and parameter gradients of PyTorch twins of
# core/models/mlp.cpp and glu_ffn.cpp (nn.Linear, nn.PReLU and the gated units), in float64.
"""Usage: /usr/bin/python3 scripts/make_mlp_fixtures.py   (from anywhere; deterministic)

Each case holds: config (ActLab's ModelConfig fields), input (B, in), the output gradient r
(the loss is L = sum(r * output), so dL/doutput = r), parameters {actlab name: {shape, values}}
in PyTorch's layouts (Linear weights (out, in), vectors (n)), output and gradients. Parameters are
drawn by torch from a fixed seed (order 1, PReLU slopes in [0.05, 0.5]); json writes every number
as Python's repr(), which strtod reads back as the same double.
"""
import json
import math
import os

import torch
import torch.nn.functional as F

from actlab_torch_twin import Mix, mix_components

torch.set_default_dtype(torch.float64)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "models", "fixtures", "mlp_torch.json")

SCALAR = {
    "relu": F.relu,
    "tanh": torch.tanh,
    "sigmoid": torch.sigmoid,
    "gelu": F.gelu,
    "silu": F.silu,
    "mish": F.mish,
    "leaky_relu": lambda x: F.leaky_relu(x, 0.01),
}
GATE = {"glu": torch.sigmoid, "reglu": F.relu, "geglu": F.gelu, "swiglu": F.silu}


class Mlp(torch.nn.Module):
    """z_l = Linear_l(h_{l-1}), h_l = f_l(z_l); the output layer has no activation."""

    def __init__(self, cfg):
        super().__init__()
        widths = [cfg["input"]] + cfg["hidden"]
        self.layers = torch.nn.ModuleList(
            torch.nn.Linear(widths[i], widths[i + 1]) for i in range(len(cfg["hidden"])))
        self.output = torch.nn.Linear(widths[-1], cfg["outputs"])
        self.activation = cfg["activation"]
        self.prelus = torch.nn.ModuleList()
        if self.activation == "prelu":
            for width in cfg["hidden"]:
                self.prelus.append(torch.nn.PReLU(width if cfg["prelu_per_neuron"] else 1))
        self.mixes = torch.nn.ModuleList()
        if mix_components(self.activation):
            for width in cfg["hidden"]:
                self.mixes.append(Mix(self.activation, width, cfg.get("mix_per_unit", False)))

    def named(self):
        out = {}
        for i, layer in enumerate(self.layers):
            out[f"layer{i + 1}.weight"] = layer.weight
            out[f"layer{i + 1}.bias"] = layer.bias
            if self.prelus:
                out[f"layer{i + 1}.prelu_alpha"] = self.prelus[i].weight
            if self.mixes:
                out[f"layer{i + 1}.mix_weights"] = self.mixes[i].mix_weights
        out["output.weight"] = self.output.weight
        out["output.bias"] = self.output.bias
        return out

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            z = layer(x)
            if self.mixes:
                x = self.mixes[i](z)
            else:
                x = self.prelus[i](z) if self.prelus else SCALAR[self.activation](z)
        return self.output(x)


class GluFfn(torch.nn.Module):
    """An input projection (when input != d_model), blocks h + W_o(act(W_g h) * W_v h), a head."""

    def __init__(self, cfg):
        super().__init__()
        d, f, biases = cfg["d_model"], cfg["d_ff"], cfg["biases"]
        self.project = cfg["input"] != d
        if self.project:
            self.input = torch.nn.Linear(cfg["input"], d)
        self.blocks = torch.nn.ModuleList()
        for _ in range(cfg["blocks"]):
            block = torch.nn.Module()
            block.gate = torch.nn.Linear(d, f, bias=biases)
            block.value = torch.nn.Linear(d, f, bias=biases)
            block.out = torch.nn.Linear(f, d, bias=biases)
            if mix_components(cfg["activation"]):  # a mix is the gate's function
                block.mix = Mix(cfg["activation"], f, cfg.get("mix_per_unit", False))
            self.blocks.append(block)
        self.head = torch.nn.Linear(d, cfg["outputs"])
        self.gate = GATE.get(cfg["activation"])

    def named(self):
        out = {}
        if self.project:
            out["input.weight"] = self.input.weight
            out["input.bias"] = self.input.bias
        for i, block in enumerate(self.blocks):  # a block's weights, then its biases
            for part in ("gate", "value", "out"):
                out[f"block{i + 1}.{part}"] = getattr(block, part).weight
            if block.gate.bias is not None:
                for part in ("gate", "value", "out"):
                    out[f"block{i + 1}.{part}_bias"] = getattr(block, part).bias
            if hasattr(block, "mix"):
                out[f"block{i + 1}.mix_weights"] = block.mix.mix_weights
        out["head.weight"] = self.head.weight
        out["head.bias"] = self.head.bias
        return out

    def forward(self, x):
        h = self.input(x) if self.project else x
        for block in self.blocks:
            gate = block.mix if hasattr(block, "mix") else self.gate
            h = h + block.out(gate(block.gate(h)) * block.value(h))
        return self.head(h)


def mlp(**changes):
    cfg = dict(kind="mlp", input=2, outputs=3, hidden=[6, 5], activation="tanh",
               prelu_per_neuron=False)
    cfg.update(changes)
    return cfg


def glu(**changes):
    cfg = dict(kind="glu", input=3, outputs=2, d_model=4, blocks=2, d_ff=6, activation="swiglu",
               biases=True)
    cfg.update(changes)
    return cfg


# name, config, batch
CASES = [
    ("mlp_tanh", mlp(), 5),
    ("mlp_relu_three_layers", mlp(hidden=[7, 6, 4], activation="relu", outputs=1), 6),
    ("mlp_gelu", mlp(activation="gelu", input=3), 4),
    ("mlp_mish_wide", mlp(activation="mish", hidden=[20], input=4, outputs=2), 9),
    ("mlp_prelu_per_layer", mlp(activation="prelu"), 6),
    ("mlp_prelu_per_neuron", mlp(activation="prelu", prelu_per_neuron=True), 6),
    ("glu_swiglu_projected", glu(), 5),
    ("glu_geglu_square_no_biases", glu(activation="geglu", input=4, biases=False), 4),
    ("glu_reglu_one_block", glu(activation="reglu", blocks=1, d_ff=5), 6),
    ("glu_glu_one_output", glu(activation="glu", outputs=1), 3),
    ("mlp_mix_per_layer", mlp(activation="mix(relu,gelu,silu,tanh)"), 6),
    ("mlp_mix_per_unit", mlp(activation="mix(gelu,tanh)", mix_per_unit=True, input=3), 5),
    ("glu_mix_gate", glu(activation="mix(relu,gelu,silu)"), 5),
    ("glu_mix_gate_per_unit", glu(activation="mix(silu,tanh)", mix_per_unit=True, blocks=1), 4),
]


def numbers(t):
    return [float(v) for v in t.detach().reshape(-1).tolist()]


def case(name, cfg, batch, generator):
    model = Mlp(cfg) if cfg["kind"] == "mlp" else GluFfn(cfg)
    with torch.no_grad():
        for pname, p in model.named().items():
            if pname.endswith("prelu_alpha"):
                p.copy_(0.05 + 0.45 * torch.rand(p.shape, generator=generator))
            else:
                p.copy_(torch.randn(p.shape, generator=generator) / math.sqrt(max(1, p.shape[-1])))
    x = torch.randn(batch, cfg["input"], generator=generator)
    output = model(x)
    r = torch.randn(output.shape, generator=generator)
    (output * r).sum().backward()
    tensor = lambda t: {"shape": list(t.shape), "values": numbers(t)}
    return {
        "name": name,
        "config": cfg,
        "input": tensor(x),
        "output_gradient": tensor(r),
        "parameters": {n: tensor(p) for n, p in model.named().items()},
        "output": tensor(output),
        "gradients": {n: tensor(p.grad) for n, p in model.named().items()},
    }


def main():
    generator = torch.Generator().manual_seed(20261201)
    cases = [case(name, cfg, batch, generator) for name, cfg, batch in CASES]
    with open(OUT, "w") as out:
        json.dump({"made_by": "scripts/make_mlp_fixtures.py", "torch": torch.__version__,
                   "cases": cases}, out)
        out.write("\n")


if __name__ == "__main__":
    main()

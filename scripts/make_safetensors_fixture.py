#!/usr/bin/python3
# Trains small Transformers with actlab-cli into tests/models/fixtures/*.safetensors, loads each
# file into the PyTorch twin by name and writes PyTorch's logits to safetensors_torch.json.
"""Usage: /usr/bin/python3 scripts/make_safetensors_fixture.py BUILD/app/cli/actlab-cli
       /usr/bin/python3 scripts/make_safetensors_fixture.py --keep-models
   (from anywhere; --keep-models skips training and recomputes the logits of the committed files)

Step (a) runs `actlab-cli train --model transformer FLAGS --save-model FILE` for each case below
(with --dump-attention into a scratch folder, for the trained model's own logits on its probes):
those FLAGS are the exact commands, run with OMP_NUM_THREADS=1 (a thread count changes the order
of sums, hence the trained weights). Each trains long enough that its logits are of order 1, so
a weight in the wrong place shows.

Step (b) reads each file by hand (no safetensors package: an 8-byte little-endian header length
N, N bytes of JSON, then raw little-endian data; see https://github.com/huggingface/safetensors),
builds the twin of scripts/actlab_torch_twin.py in float64 from the __metadata__ actlab_config
alone (every field required, none defaulted: the metadata is shown to be sufficient),
load_state_dict(strict=True) from the file's float32 tensors by name, checks that it gives the
trained model's probe logits (skipped with --keep-models) and runs it on fixed token batches
(one full length, one shorter).

safetensors_torch.json holds, per case: name, file, command, asked (the configuration the
command asks for, written by hand below and checked against the command's flags and the
file's metadata), actlab_config (the metadata string) and inputs [{tokens, logits}], every
number printed with repr() so that strtod reads back the same double.
"""
import array
import json
import os
import subprocess
import sys
import tempfile

import torch

from actlab_torch_twin import Model

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join("tests", "models", "fixtures")
OUT = os.path.join(ROOT, FIXTURES, "safetensors_torch.json")

# name, actlab-cli train flags, the configuration they ask for (the task decides vocab, seq,
# outputs and pool: reverse and induction predict a token per position, negation one polarity
# per sentence of its 25 words; induction is causal even without --causal), token batches (B, T).
CASES = [
    ("reverse_pre_plain",
     ["--task", "reverse", "--seq", "6", "--vocab", "6", "--d-model", "16", "--heads", "2",
      "--layers", "2", "--d-ff", "32", "--steps", "300", "--seed", "3"],
     dict(vocab=6, seq=6, d_model=16, heads=2, layers=2, d_ff=32, ffn="plain",
          ffn_activation="gelu", qkv_activation="identity", norm="pre", causal=False,
          outputs=6, pool="none", init="normal"),
     [(3, 6), (2, 4)]),
    ("induction_post_gated_causal",
     ["--task", "induction", "--seq", "12", "--vocab", "10", "--d-model", "16", "--heads", "2",
      "--layers", "2", "--ffn", "gated", "--ffn-activation", "swiglu", "--d-ff", "24",
      "--qkv-activation", "tanh", "--norm", "post", "--causal", "--init", "xavier",
      "--lr", "0.003", "--steps", "3000", "--seed", "5"],
     dict(vocab=10, seq=12, d_model=16, heads=2, layers=2, d_ff=24, ffn="gated",
          ffn_activation="swiglu", qkv_activation="tanh", norm="post", causal=True,
          outputs=10, pool="none", init="xavier"),
     [(3, 12), (2, 7)]),
    ("negation_pooled",
     ["--task", "negation", "--d-model", "16", "--heads", "4", "--layers", "2",
      "--ffn-activation", "mish", "--d-ff", "24", "--qkv-activation", "gelu", "--batch", "128",
      "--steps", "1500", "--seed", "7"],
     dict(vocab=25, seq=8, d_model=16, heads=4, layers=2, d_ff=24, ffn="plain",
          ffn_activation="mish", qkv_activation="gelu", norm="pre", causal=False, outputs=2,
          pool="mean", init="normal"),
     [(4, 8), (2, 5)]),
]

# Flags that set one field of the model's configuration (the C++ test checks the same table).
FLAG_FIELDS = {"--vocab": "vocab", "--seq": "seq", "--d-model": "d_model", "--heads": "heads",
               "--layers": "layers", "--d-ff": "d_ff", "--ffn": "ffn",
               "--ffn-activation": "ffn_activation", "--qkv-activation": "qkv_activation",
               "--norm": "norm", "--init": "init"}
# actlab_config's fields; init only chooses the initial weights, so the twin does not need it.
CONFIG_FIELDS = ["vocab", "seq", "d_model", "heads", "layers", "d_ff", "ffn", "ffn_activation",
                 "qkv_activation", "norm", "causal", "outputs", "pool", "init"]


def model_path(name):
    return os.path.join(FIXTURES, name + ".safetensors")


def check_asked(name, flags, asked):
    """The hand-written configuration says what the flags say."""
    for i, flag in enumerate(flags):
        if flag in FLAG_FIELDS:
            value = asked[FLAG_FIELDS[flag]]
            if str(value) != flags[i + 1]:
                raise RuntimeError("%s: %s %s but asked %s" % (name, flag, flags[i + 1], value))
    if "--causal" in flags and not asked["causal"]:  # a task may be causal without the flag
        raise RuntimeError(name + ": --causal but asked causal false")


def train(cli, name, flags, probes_path):
    """Runs the case's command; probes_path gets the trained model's logits (--dump-attention)."""
    command = [cli, "train", "--model", "transformer"] + flags + [
        "--dump-attention", probes_path, "--save-model", model_path(name)]
    environment = dict(os.environ, OMP_NUM_THREADS="1")  # the same sums on every machine
    result = subprocess.run(command, cwd=ROOT, env=environment, check=True, capture_output=True,
                            text=True)
    print(name + ":", result.stdout.strip())


def flatten(nested):
    return [v for item in nested for v in flatten(item)] if isinstance(nested, list) else [nested]


def check_probes(name, model, probes_path):
    """PyTorch on the written file gives the logits ActLab's trained model gave in memory: the
    writer put every weight where the reader and PyTorch look for it."""
    with open(probes_path) as f:
        dump = json.load(f)
    with torch.no_grad():
        pytorch = model(torch.tensor(dump["tokens"])).reshape(-1)
    actlab = torch.tensor(flatten(dump["logits"]), dtype=torch.float64)
    error = float((pytorch - actlab).abs().max() / actlab.abs().max())
    print("%s: PyTorch on the file against the trained model's probe logits: %.3g" % (name, error))
    if not error <= 1e-5:
        raise RuntimeError(name + ": the file does not hold the model that actlab-cli trained")


def read_safetensors(path):
    """(tensors {name: float32 tensor}, metadata {str: str}) from a safetensors file."""
    with open(path, "rb") as f:
        data = f.read()
    length = int.from_bytes(data[:8], "little")
    header = json.loads(data[8:8 + length].decode("utf-8"))
    body = data[8 + length:]
    metadata = header.pop("__metadata__", {})
    tensors, covered = {}, 0
    for name, entry in sorted(header.items(), key=lambda item: item[1]["data_offsets"]):
        begin, end = entry["data_offsets"]
        if entry["dtype"] != "F32" or begin != covered:
            raise RuntimeError("%s: tensor %s is %s at %d" % (path, name, entry["dtype"], begin))
        values = array.array("f")
        values.frombytes(body[begin:end])
        if sys.byteorder != "little":
            values.byteswap()
        tensors[name] = torch.tensor(values, dtype=torch.float32).reshape(entry["shape"])
        covered = end
    if covered != len(body):
        raise RuntimeError(path + ": bytes that no tensor covers")
    return tensors, metadata


def twin_config(metadata):
    """The twin's configuration from actlab_config alone: a missing field is a KeyError."""
    c = json.loads(metadata["actlab_config"])
    if sorted(c) != sorted(CONFIG_FIELDS):
        raise RuntimeError("actlab_config has fields %s" % sorted(c))
    for key in ("ffn_activation", "qkv_activation"):
        if not isinstance(c[key], str):
            raise RuntimeError("the twin has no parameterised " + key + ": " + json.dumps(c[key]))
    twin = {key: c[key] for key in CONFIG_FIELDS if key not in ("pool", "init")}
    twin["pool"] = {"none": False, "mean": True}[c["pool"]]
    return c, twin


def tensor_json(t):
    number = float if t.is_floating_point() else int
    return {"shape": list(t.shape), "values": [number(v) for v in t.detach().reshape(-1)]}


def make_case(index, name, flags, asked, batches, probes_path=None):
    path = model_path(name)
    tensors, metadata = read_safetensors(os.path.join(ROOT, path))
    config, twin = twin_config(metadata)
    if config != asked:
        raise RuntimeError("%s: the file says %s, the command asked %s" % (name, config, asked))
    model = Model(twin).to(torch.float64)
    model.load_state_dict({n: t.to(torch.float64) for n, t in tensors.items()}, strict=True)
    if probes_path:
        check_probes(name, model, probes_path)
    generator = torch.Generator().manual_seed(100 + index)
    inputs = []
    with torch.no_grad():
        for B, T in batches:
            ids = torch.randint(0, twin["vocab"], (B, T), generator=generator)
            inputs.append({"tokens": tensor_json(ids), "logits": tensor_json(model(ids))})
    print("%s: %d bytes, %d tensors loaded by name" % (path, os.path.getsize(path), len(tensors)))
    return {"name": name, "file": path,
            "command": ["actlab-cli", "train", "--model", "transformer"] + flags +
                       ["--save-model", path],
            "asked": asked, "actlab_config": metadata["actlab_config"], "inputs": inputs}


def main():
    if len(sys.argv) != 2 or sys.argv[1].startswith("-") and sys.argv[1] != "--keep-models":
        sys.exit(__doc__)
    for name, flags, asked, _ in CASES:
        check_asked(name, flags, asked)
    with tempfile.TemporaryDirectory() as scratch:
        probes = [None] * len(CASES)
        if sys.argv[1] != "--keep-models":
            cli = os.path.abspath(sys.argv[1])
            for i, (name, flags, _, _) in enumerate(CASES):
                probes[i] = os.path.join(scratch, name + ".json")
                train(cli, name, flags, probes[i])
        cases = [make_case(i, *case, probes[i]) for i, case in enumerate(CASES)]
    with open(OUT, "w") as f:  # one case per line: small, and diffs stay readable
        f.write('{"generator": "scripts/make_safetensors_fixture.py", "torch": %s,\n'
                % json.dumps(torch.__version__))
        f.write(' "cases": [\n')
        f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in cases))
        f.write("\n]}\n")
    print("wrote", OUT, os.path.getsize(OUT), "bytes,", len(cases), "cases")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
# Writes the reference fixtures of tests/activations: f, f′, f″ of every catalogue function from
# PyTorch (float64 autograd), tail values from mpmath (700 digits), and the reference facts.
"""Usage: /usr/bin/python3 scripts/make_activation_fixtures.py   (from anywhere; deterministic)

Outputs, under tests/activations/fixtures/:
  scalar_functions.csv  name,params,x,y,dy,d2y        (params as k=v;k=v, empty if none)
  gated_units.csv       name,x,v,y,dydx,dydv,d2ydx2   (y = act(x)·v)
  tails.csv             name,params,x,y,dy,d2y        from mpmath at 700 digits, correctly
                        rounded: tails and tiny x, where PyTorch's own formulas cancel
                        (1 + erf in GELU's left tail, eˣ − 1 in ELU near 0)
  reference_facts.txt   minima, f′ ranges, approximation errors, zero-gradient shares

Every number is printed with repr() so that strtod reads back the same double. A field is
empty where PyTorch gives no finite answer (hardsigmoid has no double backward in 1.13; mish's
double backward is NaN at x = 1000).

Each point is evaluated in its own one-element tensor. PyTorch 1.13's CPU kernels are not
consistent at kinks between their scalar and SIMD paths (hardswish′(3) is 1.5 from the scalar
loop and 1.0 from the vectorised one), so batching would make the fixture depend on where a
point falls in a vector. The scalar path is the one ActLab follows.
"""
import math
import os
import sys

import mpmath as mp
import torch
import torch.nn.functional as F
from activation_kinks import kinks  # scripts/activation_kinks.py (this folder is on sys.path)

torch.set_default_dtype(torch.float64)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "activations", "fixtures")


def t(value):
    return torch.tensor([value], dtype=torch.float64)


# name -> builder(params) returning a function of a 1-element tensor (PyTorch's own definitions)
FUNCTIONS = {
    "identity": lambda p: (lambda x: x),
    "relu": lambda p: F.relu,
    "leaky_relu": lambda p: (lambda x: F.leaky_relu(x, p["alpha"])),
    "prelu": lambda p: (lambda x: F.prelu(x, t(p["alpha"]))),
    "elu": lambda p: (lambda x: F.elu(x, p["alpha"])),
    "selu": lambda p: F.selu,
    "sigmoid": lambda p: torch.sigmoid,
    "tanh": lambda p: torch.tanh,
    "softplus": lambda p: (lambda x: F.softplus(x, p["beta"], p["threshold"])),
    "softsign": lambda p: F.softsign,
    "gelu": lambda p: (lambda x: F.gelu(x, approximate="none")),
    "gelu_tanh": lambda p: (lambda x: F.gelu(x, approximate="tanh")),
    "gelu_sigmoid": lambda p: (lambda x: x * torch.sigmoid(1.702 * x)),
    "silu": lambda p: F.silu,
    "swish": lambda p: (lambda x: x * torch.sigmoid(p["beta"] * x)),
    "mish": lambda p: F.mish,
    "hardswish": lambda p: F.hardswish,
    "hardsigmoid": lambda p: F.hardsigmoid,
    "relu6": lambda p: F.relu6,
}

# Parameter settings per function: the catalogue default first, then values inside its range.
SETTINGS = {
    "leaky_relu": [{"alpha": a} for a in (0.01, 0.0, 0.2, 1.0)],
    "prelu": [{"alpha": a} for a in (0.25, 0.7)],
    "elu": [{"alpha": a} for a in (1.0, 0.1, 2.5)],
    "softplus": [{"beta": b, "threshold": th} for th in (20.0, 5.0) for b in (1.0, 0.5, 5.0, 10.0)],
    "swish": [{"beta": b} for b in (1.0, 0.1, 1.702, 10.0)],
}

# gated unit -> y(x, v); glu uses PyTorch's own F.glu, whose first half is the value v.
GATED = {
    "glu": lambda x, v: F.glu(torch.cat([v, x]), dim=0),
    "reglu": lambda x, v: F.relu(x) * v,
    "geglu": lambda x, v: F.gelu(x, approximate="none") * v,
    "swiglu": lambda x, v: F.silu(x) * v,
}


def scalar_points(name, params):
    grid = [k / 8 for k in range(-80, 81)]                       # dyadic, exact in float
    odd = [round(-9.9 + 0.61 * k, 10) for k in range(33)]        # not representable in float
    special = [-0.7518, -1.2785, -1.1924, -2.27, 2.27, 2.70, -2.70, 1 / 3, -1 / 3, 0.1, -0.1,
               math.pi, -math.e, -math.sqrt(2), math.sqrt(2)]
    tiny = [0.0, -0.0, 1e-300, -1e-300, 1e-9, -1e-9, 1e-6, -1e-6, 1e-3, -1e-3]
    large = [s * m for m in (20.0, 30.0, 50.0, 100.0, 1000.0) for s in (1, -1)]
    near = []
    for k in [-3.0, 3.0, 6.0] + kinks(name, params):
        near += [k, math.nextafter(k, -math.inf), math.nextafter(k, math.inf)]
    points, seen = [], set()
    for x in grid + odd + special + tiny + large + near:
        key = (x, math.copysign(1.0, x))
        if key not in seen:
            seen.add(key)
            points.append(x)
    return points


def finite(value):
    return repr(value) if value is not None and math.isfinite(value) else ""


def derivatives(f, x0):
    """f(x0), f′(x0), f″(x0) by autograd; None where PyTorch gives nothing."""
    x = t(x0).requires_grad_(True)
    y = f(x)
    (dy,) = torch.autograd.grad(y, x, create_graph=True)
    d2y = 0.0  # f′ independent of x (identity): f″ = 0
    if dy.requires_grad:
        try:
            (g,) = torch.autograd.grad(dy, x, allow_unused=True)
            d2y = 0.0 if g is None else g.item()
        except RuntimeError:  # "derivative for aten::hardsigmoid_backward is not implemented"
            d2y = None
    return y.item(), dy.item(), d2y


def params_text(params):
    return ";".join(f"{k}={repr(v)}" for k, v in params.items())


def write_scalar(path, header):
    rows = 0
    with open(path, "w") as out:
        out.write(header + "name,params,x,y,dy,d2y\n")
        for name, build in FUNCTIONS.items():
            for params in SETTINGS.get(name, [{}]):
                f = build(params)
                for x in scalar_points(name, params):
                    y, dy, d2y = derivatives(f, x)
                    out.write(f"{name},{params_text(params)},{repr(x)},{finite(y)},"
                              f"{finite(dy)},{finite(d2y)}\n")
                    rows += 1
    return rows


def write_gated(path, header):
    xs = [k / 2 for k in range(-12, 13)] + [-10.0, 10.0, -20.0, 20.0, -1e-3, 1e-3, -0.7518]
    vs = [-2.5, -1.0, 0.0, 0.5, 1.0, 3.0]
    rows = 0
    with open(path, "w") as out:
        out.write(header + "name,x,v,y,dydx,dydv,d2ydx2\n")
        for name, g in GATED.items():
            for x0 in xs:
                for v0 in vs:
                    x = t(x0).requires_grad_(True)
                    v = t(v0).requires_grad_(True)
                    y = g(x, v)
                    dx, dv = torch.autograd.grad(y, (x, v), create_graph=True)
                    (dxx,) = torch.autograd.grad(dx, x, allow_unused=True) if dx.requires_grad \
                        else (None,)
                    d2 = 0.0 if dxx is None else dxx.item()
                    out.write(f"{name},{repr(x0)},{repr(v0)},{finite(y.item())},"
                              f"{finite(dx.item())},{finite(dv.item())},{finite(d2)}\n")
                    rows += 1
    return rows


# ---- high-precision tails (mpmath): the same definitions, exact arithmetic ----

SELU_SCALE = mp.mpf("1.0507009873554804934193349852946")
SELU_ALPHA = mp.mpf("1.6732632423543772848170429916717")


def mp_function(name, p):
    """f as an mpmath function of x, following PyTorch's definition (softplus's switch too)."""
    P = {k: mp.mpf(v) for k, v in p.items()}
    sig = lambda z: 1 / (1 + mp.exp(-z))  # noqa: E731
    elu = lambda x, a, s: s * x if x > 0 else s * a * mp.expm1(x)  # noqa: E731
    table = {
        "identity": lambda x: x,
        "relu": lambda x: max(x, 0),
        "leaky_relu": lambda x: x if x > 0 else P["alpha"] * x,
        "prelu": lambda x: x if x > 0 else P["alpha"] * x,
        "elu": lambda x: elu(x, P["alpha"], 1),
        "selu": lambda x: elu(x, SELU_ALPHA, SELU_SCALE),
        "sigmoid": sig,
        "tanh": mp.tanh,
        "softplus": lambda x: x if P["beta"] * x > P["threshold"]
        else mp.log1p(mp.exp(P["beta"] * x)) / P["beta"],
        "softsign": lambda x: x / (1 + abs(x)),
        "gelu": lambda x: x * mp.ncdf(x),
        "gelu_tanh": lambda x: x / 2 * (1 + mp.tanh(mp.sqrt(2 / mp.pi) * (x + mp.mpf("0.044715")
                                                                          * x ** 3))),
        "gelu_sigmoid": lambda x: x * sig(mp.mpf("1.702") * x),
        "silu": lambda x: x * sig(x),
        "swish": lambda x: x * sig(P["beta"] * x),
        "mish": lambda x: x * mp.tanh(mp.log1p(mp.exp(x))),
        "hardswish": lambda x: 0 if x < -3 else (x if x > 3 else x * (x + 3) / 6),
        "hardsigmoid": lambda x: 0 if x < -3 else (1 if x > 3 else (x + 3) / 6),
        "relu6": lambda x: min(max(x, 0), 6),
    }
    return table[name]


def mp_derivatives(f, x, digits):
    """f, f′, f″ at x by mpmath's numerical differentiation at `digits` digits."""
    with mp.workdps(digits):
        X = mp.mpf(x)
        return [f(X)] + [mp.diff(f, X, n) for n in (1, 2)]


def write_tails(path, header):
    # 700 digits: mp.diff loses about as many digits as |f| / |f″| spans (gelu″(18) ~ 1e-69
    # next to gelu(18) = 18, elu′(−700) ~ 1e-304 next to 1); noise below 1e-330 is 0.0 in double.
    # A 500-digit rerun must agree, which guards any point where that is still not enough.
    xs = [1e-9, 1e-4, 0.37, 2.5, 2.9999999, 5.0, 8.0, 12.0, 18.0, 25.0, 35.0, 60.0, 300.0, 700.0]
    settings = dict(SETTINGS, softplus=[{"beta": 1.0, "threshold": 20.0},
                                        {"beta": 10.0, "threshold": 20.0}])
    rows = 0
    with open(path, "w") as out:
        out.write(header + "name,params,x,y,dy,d2y\n")
        for name in FUNCTIONS:
            for params in settings.get(name, [{}])[:2]:
                f = mp_function(name, params)
                for x in [s * x for x in xs for s in (-1, 1)]:
                    if any(abs(x - k) < 1e-9 for k in kinks(name, params)):
                        continue
                    fine = [float(v) for v in mp_derivatives(f, x, 700)]
                    coarse = [float(v) for v in mp_derivatives(f, x, 500)]
                    for a, b in zip(fine, coarse):
                        if abs(a - b) > 1e-15 * abs(a) + 1e-300:
                            raise RuntimeError(f"{name}{params} at {x}: {a!r} vs {b!r}")
                    out.write(f"{name},{params_text(params)},{x!r},"
                              + ",".join(repr(v) for v in fine) + "\n")
                    rows += 1
    return rows


# ---- reference facts (float64 torch; refined by bisection, so no grid limits the answer) ----

def first(f, x0):
    return derivatives(f, x0)[1]


def second(f, x0):
    return derivatives(f, x0)[2]


def bisect(g, a, b, steps=200):
    """Root of g on [a, b] where g(a) and g(b) have opposite signs."""
    ga = g(a)
    for _ in range(steps):
        m = 0.5 * (a + b)
        gm = g(m)
        if gm == 0 or m in (a, b):
            return m
        if (gm < 0) == (ga < 0):
            a, ga = m, gm
        else:
            b = m
    return 0.5 * (a + b)


def value(f, x0):
    return f(t(x0)).item()


def minimum_of(f, a, b):
    x = bisect(lambda z: first(f, z), a, b)
    return value(f, x), x


def first_range(f, low, high, n=1201):
    """[min f′, max f′] on [low, high]: grid, then f″ = 0 refined around each interior extreme."""
    xs = [low + (high - low) * i / (n - 1) for i in range(n)]
    ds = [first(f, x) for x in xs]
    h = xs[1] - xs[0]
    out = []
    for pick in (min, max):
        i = ds.index(pick(ds))
        x = xs[i]
        if 0 < i < n - 1:
            x = bisect(lambda z: second(f, z), xs[i] - h, xs[i] + h)
        out.append((first(f, x), x))
    return out


def max_error(reference, approximation, low, high, n=12001):
    """max |approximation − reference| on [low, high] and where, refined by bisection."""
    e = lambda z: value(approximation, z) - value(reference, z)  # noqa: E731
    xs = [low + (high - low) * i / (n - 1) for i in range(n)]
    es = [abs(e(x)) for x in xs]
    i = es.index(max(es))
    h = xs[1] - xs[0]
    de = lambda z: first(approximation, z) - first(reference, z)  # noqa: E731
    x = bisect(de, xs[i] - h, xs[i] + h) if 0 < i < n - 1 else xs[i]
    return e(x), x


def zero_gradient_share(f, low, high, tolerance, n=120001):
    """Share of [low, high] where |f′| ≤ tolerance (dense midpoint rule, batched)."""
    x = torch.tensor([low + (high - low) * (i + 0.5) / n for i in range(n)], requires_grad=True)
    (dy,) = torch.autograd.grad(f(x).sum(), x)
    return (dy.abs() <= tolerance).double().mean().item()


def facts():
    fn = {name: build({}) for name, build in FUNCTIONS.items() if name not in SETTINGS}
    lines = []
    for name, (a, b) in (("gelu", (-1.5, -0.2)), ("silu", (-2, -0.5)), ("mish", (-2, -0.5))):
        m, x = minimum_of(fn[name], a, b)
        lines.append(f"minimum {name}: f = {m!r} at x = {x!r}")
    for name in ("gelu", "silu", "sigmoid", "tanh"):
        (lo, xlo), (hi, xhi) = first_range(fn[name], -3.0, 3.0)
        lines.append(f"f' range on [-3, 3] {name}: [{lo!r} at {xlo!r}, {hi!r} at {xhi!r}]")
    for approx in ("gelu_tanh", "gelu_sigmoid"):
        err, x = max_error(fn["gelu"], fn[approx], -6.0, 6.0)
        mirror = value(fn[approx], -x) - value(fn["gelu"], -x)
        lines.append(f"max error {approx} - gelu on [-6, 6]: {err!r} at x = {x!r} "
                     f"(at -x: {mirror!r}; the error is even in x)")
    for name in ("relu", "relu6", "hardswish", "gelu", "silu", "mish", "sigmoid", "tanh"):
        exact = zero_gradient_share(fn[name], -6.0, 6.0, 0.0)
        small = zero_gradient_share(fn[name], -6.0, 6.0, 1e-6)
        lines.append(f"zero-gradient share on [-6, 6] {name}: f' == 0: {exact!r}, "
                     f"|f'| <= 1e-6: {small!r}")
    edge = bisect(lambda z: abs(first(fn["gelu"], z)) - 1e-6, -6.0, -4.0)
    lines.append(f"gelu: |f'| <= 1e-6 for x <= {edge!r} (share of [-6, 6]: {(edge + 6) / 12!r})")
    return lines


def main():
    os.makedirs(OUT, exist_ok=True)
    header = (f"# Generated by scripts/make_activation_fixtures.py with torch {torch.__version__}"
              f" (float64, autograd). Do not edit; rerun the script.\n")
    tail_header = header.replace(f"torch {torch.__version__} (float64, autograd)",
                                 f"mpmath {mp.__version__} (700 digits, correctly rounded)")
    scalar_rows = write_scalar(os.path.join(OUT, "scalar_functions.csv"), header)
    gated_rows = write_gated(os.path.join(OUT, "gated_units.csv"), header)
    tail_rows = write_tails(os.path.join(OUT, "tails.csv"), tail_header)
    lines = facts()
    with open(os.path.join(OUT, "reference_facts.txt"), "w") as out:
        out.write(header + "\n".join(lines) + "\n")
    print(f"{scalar_rows} scalar, {gated_rows} gated, {tail_rows} tail rows written to {OUT}")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())

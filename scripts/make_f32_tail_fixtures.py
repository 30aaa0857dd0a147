#!/usr/bin/python3
# Writes tests/activations/fixtures/tails_f32.csv: f and f′ of every scalar catalogue function at
# float32 inputs out to ±80, from mpmath at 60 digits, and prints the constants the f32 code uses.
"""Usage: /usr/bin/python3 scripts/make_f32_tail_fixtures.py [--constants]   (deterministic)

The fixture is the oracle of the f32 tail tests (tests/activations/test_activation_tails_f32.cpp
and tests/backends/test_backend_tails_f32.cpp): every f32 path must be within 2e-5 relative of
these values wherever they are normal floats.

  tails_f32.csv  name,params,x,y,dy
    x       a float32 value, printed exactly; the reference is f at that exact x
    params  catalogue values as k=v;k=v. f32 paths take parameters as float32 (the Vulkan push
            constants are float), so the reference uses float32(v); constants that are not
            parameters (SELU's λ and α, GELU's √(2/π), 0.044715, the 1.702 of gelu_sigmoid) are
            exact, as in the double reference
    y, dy   f(x), f′(x) to 12 significant digits; "tiny" where 0 < |v| < 1e-30 (not a normal float
            worth a relative check: the tests only ask for |got| ≤ 2e-30); 0.0 where exactly 0

Points: a sweep of [−80, 80], a dense sweep of [−14, 14], tiny |x|, the floats around every kink
and, densest, around every zero of f′ (the hardest place for a relative requirement): the 13
floats nearest the root and x0·(1 ± δ) for δ from 1e-7 to 0.2 (spanning the Taylor windows,
|x − x0| < 0.125, of cpu_activation_kernels.cpp and shaders/include/activation_roots.glsl).

f′ is the exact derivative at 60 digits (kinks follow PyTorch 1.13's convention, as
core/activations/scalar_functions.h); every 17th point is checked against mpmath's numerical
differentiation, so a slip in a formula here cannot go unnoticed.

--constants prints what the f32 code hard-codes: the roots of f′ as float-float pairs, the
Taylor coefficients of f′(x0 + d)/d about them, the float-float splits of tanh-GELU's constants
and of 1.702, and the rational approximation of the Mills ratio (fitted here, with its measured
float32 error).
"""
import math
import os
import struct
import sys

import mpmath as mp
from activation_kinks import kinks  # scripts/activation_kinks.py (this folder is on sys.path)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "activations", "fixtures", "tails_f32.csv")
DIGITS = 60
TINY = mp.mpf("1e-30")
mp.mp.dps = DIGITS


def f32(v):
    """The float32 nearest to v (round to nearest even), as a Python float."""
    return struct.unpack("f", struct.pack("f", float(v)))[0]


def next_f32(x, steps):
    """The float32 `steps` representable values away from float32 x."""
    bits = struct.unpack("i", struct.pack("f", x))[0]
    if x == 0:
        return f32(math.copysign(1e-45, steps)) if steps else x
    bits += steps if x > 0 else -steps
    return struct.unpack("f", struct.pack("i", bits))[0]


SELU_SCALE = mp.mpf("1.0507009873554804934193349852946")
SELU_ALPHA = mp.mpf("1.6732632423543772848170429916717")
K = mp.sqrt(2 / mp.pi)  # tanh-GELU's √(2/π)
C = mp.mpf("0.044715")
GELU_SIGMOID_BETA = mp.mpf("1.702")


def sig(z):
    return 1 / (1 + mp.exp(-z))


def sig_slope(z):
    """σ′(z) = σ(z)·σ(−z), both factors computed directly."""
    return sig(z) * sig(-z)


def swish(beta):
    return (lambda x: x * sig(beta * x),
            lambda x: sig(beta * x) + beta * x * sig_slope(beta * x))


def gelu_tanh_first(x):
    u = K * (x + C * x ** 3)
    p, q = sig(2 * u), sig(-2 * u)
    return p + 2 * x * p * q * K * (1 + 3 * C * x ** 2)


def mish_first(x):
    sp = mp.log1p(mp.exp(x))
    return mp.tanh(sp) + x * mp.sech(sp) ** 2 * sig(x)


def definition(name, p):
    """(f, f′) as mpmath functions of x with parameters p (already float32-rounded)."""
    if name == "identity":
        return (lambda x: x), (lambda x: mp.mpf(1))
    if name == "relu":
        return (lambda x: max(x, 0)), (lambda x: mp.mpf(1 if x > 0 else 0))
    if name in ("leaky_relu", "prelu"):
        a = p["alpha"]
        return (lambda x: x if x > 0 else a * x), (lambda x: mp.mpf(1) if x > 0 else a)
    if name in ("elu", "selu"):
        a, s = (p["alpha"], 1) if name == "elu" else (SELU_ALPHA, SELU_SCALE)
        return ((lambda x: s * x if x > 0 else s * a * mp.expm1(x)),
                (lambda x: mp.mpf(s) if x > 0 else s * a * mp.exp(x)))
    if name == "sigmoid":
        return sig, sig_slope
    if name == "tanh":
        return mp.tanh, (lambda x: mp.sech(x) ** 2)
    if name == "softplus":
        b, th = p["beta"], p["threshold"]
        return ((lambda x: x if b * x > th else mp.log1p(mp.exp(b * x)) / b),
                (lambda x: mp.mpf(1) if b * x > th else sig(b * x)))
    if name == "softsign":
        return (lambda x: x / (1 + abs(x))), (lambda x: 1 / (1 + abs(x)) ** 2)
    if name == "gelu":
        return (lambda x: x * mp.ncdf(x)), (lambda x: mp.ncdf(x) + x * mp.npdf(x))
    if name == "gelu_tanh":
        return (lambda x: x * sig(2 * K * (x + C * x ** 3))), gelu_tanh_first
    if name == "gelu_sigmoid":
        return swish(GELU_SIGMOID_BETA)
    if name == "silu":
        return swish(mp.mpf(1))
    if name == "swish":
        return swish(p["beta"])
    if name == "mish":
        return (lambda x: x * mp.tanh(mp.log1p(mp.exp(x)))), mish_first
    if name == "hardswish":  # f′(−3) = −0.5 and f′(3) = 1.5, as PyTorch's scalar loop
        return ((lambda x: 0 if x < -3 else (x if x > 3 else x * (x + 3) / 6)),
                (lambda x: mp.mpf(0) if x < -3 else (mp.mpf(1) if x > 3 else (2 * x + 3) / 6)))
    if name == "hardsigmoid":
        return ((lambda x: 0 if x <= -3 else (1 if x >= 3 else (x + 3) / 6)),
                (lambda x: mp.mpf(0) if x <= -3 or x >= 3 else mp.mpf(1) / 6))
    if name == "relu6":
        return ((lambda x: min(max(x, 0), 6)),
                (lambda x: mp.mpf(1) if 0 < x < 6 else mp.mpf(0)))
    raise KeyError(name)


# Settings: defaults first, then in-range values (some of them not float32 numbers).
SETTINGS = {
    "identity": [{}], "relu": [{}],
    "leaky_relu": [{"alpha": 0.01}, {"alpha": 0.2}, {"alpha": 1.0}],
    "prelu": [{"alpha": 0.25}, {"alpha": 0.7}],
    "elu": [{"alpha": 1.0}, {"alpha": 0.1}, {"alpha": 2.5}],
    "selu": [{}], "sigmoid": [{}], "tanh": [{}],
    "softplus": [{"beta": 1.0, "threshold": 20.0}, {"beta": 0.5, "threshold": 5.0},
                 {"beta": 5.0, "threshold": 20.0}, {"beta": 10.0, "threshold": 20.0},
                 {"beta": 0.1, "threshold": 20.0}],
    "softsign": [{}], "gelu": [{}], "gelu_tanh": [{}], "gelu_sigmoid": [{}], "silu": [{}],
    "swish": [{"beta": 1.0}, {"beta": 0.1}, {"beta": 1.702}, {"beta": 10.0}],
    "mish": [{}], "hardswish": [{}], "hardsigmoid": [{}], "relu6": [{}],
}
PIECEWISE_LINEAR = {"identity", "relu", "leaky_relu", "prelu", "hardsigmoid", "relu6"}


# ---- zeros of f′ ----

def swish_root():
    """z0 with σ(z) + zσ′(z) = 0: f′ of x·σ(βx) vanishes at x = z0/β."""
    return mp.findroot(lambda z: sig(z) + z * sig_slope(z), -1.28)


def roots(name, p):
    if name == "gelu":
        return [mp.findroot(definition("gelu", {})[1], -0.75)]
    if name == "gelu_tanh":
        return [mp.findroot(gelu_tanh_first, -0.75)]
    if name in ("silu", "swish", "gelu_sigmoid"):
        beta = {"silu": mp.mpf(1), "gelu_sigmoid": GELU_SIGMOID_BETA}.get(name, p.get("beta"))
        return [swish_root() / beta]
    if name == "mish":
        return [mp.findroot(mish_first, -1.19)]
    if name == "hardswish":
        return [mp.mpf(-1.5)]
    return []


def sample_points(name, p):
    coarse = 161 if name in PIECEWISE_LINEAR else 481
    dense = 0 if name in PIECEWISE_LINEAR else 561
    xs = [-80 + 160 * k / (coarse - 1) * (1 + 1e-7) for k in range(coarse)]
    xs += [-14 + 28 * (k + 0.37) / dense for k in range(dense)]
    xs += [s * 10 ** (e / 4) for e in range(-48, 1) for s in (-1, 1)]
    xs += [0.0, -0.0, 80.0, -80.0]
    for k in kinks(name, p) + [-3.0, 3.0, 6.0]:
        xs += [next_f32(f32(k), s) for s in range(-2, 3)]
    for x0 in roots(name, p):
        near = f32(x0)
        xs += [next_f32(near, s) for s in range(-6, 7)]
        for delta in (1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 3e-3, 0.01, 0.03, 0.06, 0.09, 0.11, 0.125,
                      0.13, 0.2):
            xs += [float(x0) * (1 + delta), float(x0) * (1 - delta)]
    points, seen = [], set()
    for x in xs:
        x = f32(x)
        if abs(x) <= 80 and (x, math.copysign(1, x)) not in seen:
            seen.add((x, math.copysign(1, x)))
            points.append(x)
    return points


def field(v):
    if v == 0:
        return "0.0"
    if abs(v) < TINY:
        return "tiny"
    return f"{float(v):.12g}"  # 1e-12 relative: far below the 2e-5 under test


def params_text(p):
    return ";".join(f"{k}={v!r}" for k, v in p.items())


def write_fixture():
    rows, checked = 0, 0
    with open(OUT, "w") as out:
        out.write(f"# Generated by scripts/make_f32_tail_fixtures.py with mpmath {mp.__version__}"
                  f" ({DIGITS} digits) at float32 x and float32 parameters. Do not edit; rerun"
                  " the script.\n")
        out.write("name,params,x,y,dy\n")
        for name, settings in SETTINGS.items():
            for p in settings:
                p32 = {k: mp.mpf(f32(v)) for k, v in p.items()}
                f, df = definition(name, p32)
                for i, x in enumerate(sample_points(name, p)):
                    X = mp.mpf(x)
                    y, dy = f(X), df(X)
                    if i % 17 == 0 and all(abs(x - k) > 1e-6 for k in kinks(name, p)):
                        numeric = mp.diff(f, X)
                        if abs(numeric - dy) > mp.mpf(10) ** (10 - DIGITS) * (1 + abs(dy)):
                            raise RuntimeError(f"{name}{p} at {x!r}: f′ {dy} vs diff {numeric}")
                        checked += 1
                    out.write(f"{name},{params_text(p)},{x!r},{field(y)},{field(dy)}\n")
                    rows += 1
    return rows, checked


# ---- constants of the f32 code (--constants) ----

def split(v):
    hi = f32(v)
    return hi, f32(mp.mpf(v) - mp.mpf(hi))


def taylor_over_d(df, x0, degree):
    """Coefficients c0..c(degree) of f′(x0 + d)/d = Σ c_k d^k (f′(x0) = 0)."""
    series = mp.taylor(df, x0, degree + 1)
    return [series[k + 1] for k in range(degree + 1)]


def mills(t):
    """M(t) = Φ(−t)/φ(t), the Mills ratio."""
    return mp.ncdf(-t) / mp.npdf(t)


def fit_mills(n=4, m=5, top=14, points=400, rounds=12):
    """P/Q ≈ M on [0, top], deg P = n, deg Q = m, Q(0) = 1, relative error by reweighted LSQ."""
    with mp.workdps(30):
        ts = [top / 2 * (1 - mp.cos(mp.pi * (i + mp.mpf(0.5)) / points)) for i in range(points)]
        ms = [mills(t) for t in ts]
        weights = [1 / v for v in ms]
        for _ in range(rounds):
            a = mp.matrix(points, n + 1 + m)
            b = mp.matrix(points, 1)
            for i, (t, v, w) in enumerate(zip(ts, ms, weights)):
                for k in range(n + 1):
                    a[i, k] = w * t ** k
                for k in range(1, m + 1):
                    a[i, n + k] = -w * v * t ** k
                b[i] = w * v
            sol, _ = mp.qr_solve(a, b)
            p = [sol[k] for k in range(n + 1)]
            q = [mp.mpf(1)] + [sol[n + k] for k in range(1, m + 1)]
            weights = [1 / (v * abs(mp.polyval(q[::-1], t))) for t, v in zip(ts, ms)]
        return [f32(c) for c in p], [f32(c) for c in q]


def horner32(coefficients, t):
    """Σ c_k t^k evaluated in float32 (Horner), as the f32 code does."""
    acc = 0.0
    for c in reversed(coefficients):
        acc = f32(f32(acc * t) + c)
    return acc


def print_constants():
    print("// Zeros of f′ as float-float pairs (x0 = hi + lo) and f′(x0 + d)/d = Σ c_k d^k")
    z0 = swish_root()
    cases = [("gelu", definition("gelu", {})[1], roots("gelu", {})[0]),
             ("gelu_tanh", gelu_tanh_first, roots("gelu_tanh", {})[0]),
             ("swish in z = βx", lambda z: sig(z) + z * sig_slope(z), z0),
             ("mish", mish_first, roots("mish", {})[0])]
    for label, df, x0 in cases:
        hi, lo = split(x0)
        coefficients = [f32(c) for c in taylor_over_d(df, x0, 9)]
        worst = {}
        for degree in range(4, 10):
            error = 0
            for i in range(-100, 101):
                d = mp.mpf(0.125) * i / 100
                if d == 0:
                    continue
                approx = d * mp.polyval([mp.mpf(c) for c in coefficients[:degree + 1]][::-1], d)
                error = max(error, abs(approx / df(x0 + d) - 1))
            worst[degree] = float(error)
        print(f"{label}: x0 = {mp.nstr(x0, 25)}, hi = {hi!r}, lo = {lo!r}")
        print(f"  c_0..c_6 (degree 6, as the f32 code uses) = {coefficients[:7]}")
        print("  truncation error on |d| <= 0.125 by degree: "
              + ", ".join(f"{k}: {v:.2e}" for k, v in worst.items()))
    for label, value in (("2·√(2/π)", 2 * K), ("2·√(2/π)·0.044715", 2 * K * C),
                         ("1.702", GELU_SIGMOID_BETA)):
        print(f"{label}: hi, lo = {split(value)}")
    p, q = fit_mills()
    worst = 0
    for i in range(0, 14001):
        t = f32(i / 1000)
        got = f32(horner32(p, t) / horner32(q, t))
        worst = max(worst, abs(got / mills(mp.mpf(t)) - 1))
    print(f"Mills ratio M(t) = P(t)/Q(t) on [0, 14]: P = {p}")
    print(f"  Q = {q}")
    print(f"  worst relative error evaluated in float32 (t = k/1000): {float(worst):.2e}")


def main():
    if "--constants" in sys.argv[1:]:
        print_constants()
        return 0
    rows, checked = write_fixture()
    print(f"{rows} rows written to {OUT} ({checked} f′ checked against mp.diff)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Where each catalogue function's f′ or f″ jumps, for the fixture scripts (the C++ tests have
the same list in tests/activations/activation_kinks.h). params: the function's parameters."""


def kinks(name, params):
    """The x where f′ or f″ of `name` jumps, as floats."""
    if name in ("relu", "leaky_relu", "prelu", "elu", "selu", "softsign"):
        return [0.0]
    if name in ("hardswish", "hardsigmoid"):
        return [-3.0, 3.0]
    if name == "relu6":
        return [0.0, 6.0]
    if name == "softplus":
        return [float(params["threshold"] / params["beta"])]
    return []

// Weight initialisers: Random's normal and uniform draws with each initialiser's scale.
#include "models/weight_init.h"

#include <cmath>

#include "common/random.h"

namespace actlab {

void initialiseWeight(std::vector<double>& w, int in, int out, Initialiser initialiser,
                      std::uint64_t seed) {
    Random random(seed);
    w.resize(size_t(in) * size_t(out));
    const double fanIn = in, fanAverage = 0.5 * (in + out);
    for (double& value : w) {
        switch (initialiser) {
            case Initialiser::HeNormal:
                value = random.normal(0.0, std::sqrt(2.0 / fanIn));
                break;
            case Initialiser::HeUniform: {
                const double limit = std::sqrt(6.0 / fanIn);
                value = random.uniform(-limit, limit);
                break;
            }
            case Initialiser::Xavier: {
                const double limit = std::sqrt(3.0 / fanAverage);  // Glorot uniform: √(6/(in+out))
                value = random.uniform(-limit, limit);
                break;
            }
            case Initialiser::Lecun:
                value = random.normal(0.0, std::sqrt(1.0 / fanIn));
                break;
        }
    }
}

template <typename T>
Parameter<T> initialisedLinearWeight(std::string name, int in, int out, Initialiser initialiser,
                                     std::uint64_t seed, int hiddenLayer) {
    Parameter<T> p = makeParameter<T>(std::move(name), out, in, true, hiddenLayer);
    std::vector<double> drawn;
    initialiseWeight(drawn, in, out, initialiser, seed);
    for (int i = 0; i < in; ++i)
        for (int o = 0; o < out; ++o)
            p.value[size_t(o) * size_t(in) + size_t(i)] =
                T(drawn[size_t(i) * size_t(out) + size_t(o)]);
    return p;
}

template Parameter<float> initialisedLinearWeight<float>(std::string, int, int, Initialiser,
                                                         std::uint64_t, int);
template Parameter<double> initialisedLinearWeight<double>(std::string, int, int, Initialiser,
                                                           std::uint64_t, int);

}  // namespace actlab

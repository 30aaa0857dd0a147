// Seeded weight initialisation of the models (He normal/uniform, Xavier, LeCun).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/model_factory.h"
#include "models/parameter.h"

namespace actlab {

// Fills w with in·out values drawn for a layer of fan-in `in` and fan-out `out`, in (in, out)
// row-major order.
void initialiseWeight(std::vector<double>& w, int in, int out, Initialiser initialiser,
                      std::uint64_t seed);

// A Linear weight (out, in) in PyTorch's layout holding initialiseWeight's values transposed:
// weight[o][i] is the value drawn at (i, o), so a seed gives the same network as ever.
template <typename T>
Parameter<T> initialisedLinearWeight(std::string name, int in, int out, Initialiser initialiser,
                                     std::uint64_t seed, int hiddenLayer);

}  // namespace actlab

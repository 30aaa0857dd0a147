// errorOf(call): the message of the TensorError a call throws, for the tensor and layer tests.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "tensor/shape.h"

namespace actlab {

// The message of the TensorError that `call` throws; fails the test if it throws nothing.
template <typename Call>
std::string errorOf(Call call) {
    try {
        call();
    } catch (const TensorError& error) {
        return error.what();
    }
    ADD_FAILURE() << "no TensorError was thrown";
    return {};
}

}  // namespace actlab

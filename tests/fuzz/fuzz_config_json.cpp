// libFuzzer target for the JSON configuration readers (sequenceTrainingConfigFromJson and
// transformerConfigFromJson), also linked into the replay driver of the test suite. Any bytes go
// in as both; each reader's contract is checked on the way out.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "config/config_json.h"

namespace {

[[noreturn]] void contractBroken(const char* what, const std::string& detail = {}) {
    std::fprintf(stderr, "fuzz_config_json: contract broken: %s%s%.300s\n", what,
                 detail.empty() ? "" : ": ", detail.c_str());
    std::abort();
}

// Refused: a non-empty message on one line.
void checkRefused(const std::string& error) {
    if (error.empty()) contractBroken("refused without an error message");
    if (error.find_first_of("\r\n") != std::string::npos)
        contractBroken("the error message is not one line", error);
}

// Accepted: a valid model, no message, and a JSON text that reads back to the same text.
template <typename Config, typename ToJson, typename FromJson>
void checkAccepted(const Config& config, const actlab::TransformerConfig& model,
                   const std::string& error, ToJson toJson, FromJson fromJson) {
    if (!error.empty()) contractBroken("accepted with an error message", error);
    if (auto problem = actlab::validateTransformerConfig(model))
        contractBroken("accepted an invalid model", *problem);
    const std::string text = toJson(config);
    std::string again;
    const auto back = fromJson(text, &again);
    if (!back) contractBroken("its own JSON is refused", again + " in " + text);
    if (toJson(*back) != text) contractBroken("the JSON changes on a round trip", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string error;
    if (const auto run = actlab::sequenceTrainingConfigFromJson(text, &error))
        checkAccepted(*run, run->model, error, actlab::sequenceTrainingConfigToJson,
                      actlab::sequenceTrainingConfigFromJson);
    else
        checkRefused(error);
    error.clear();
    if (const auto model = actlab::transformerConfigFromJson(text, &error))
        checkAccepted(*model, *model, error, actlab::transformerConfigToJson,
                      actlab::transformerConfigFromJson);
    else
        checkRefused(error);
    return 0;
}

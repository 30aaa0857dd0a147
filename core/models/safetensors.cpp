// safetensors encoding and checked decoding with nlohmann-json, and the Transformer's weights.
#include "models/safetensors.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <nlohmann/json.hpp>

#include "config/config_json.h"

namespace actlab {
namespace {

static_assert(std::endian::native == std::endian::little, "safetensors data is little-endian");

// A file larger than this is refused (a Transformer within the limits is far smaller).
constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

// Where a tensor's values lie in the data: bytes [begin, end), and the tensor's index.
struct DataSpan {
    std::uint64_t begin, end;
    size_t tensor;
};

// "__metadata__": an object of strings. Returns the problem, or "" with `metadata` filled.
std::string readMetadata(const nlohmann::json& entry,
                         std::map<std::string, std::string>& metadata) {
    if (!entry.is_object()) return "safetensors __metadata__ is not an object";
    for (const auto& [key, value] : entry.items()) {
        if (!value.is_string()) return "safetensors metadata '" + key + "' is not a string";
        metadata[key] = value.get<std::string>();
    }
    return "";
}

// A tensor's entry {"dtype": "F32", "shape": [at most 8 extents], "data_offsets": [begin, end]}
// with end − begin = 4·count inside `data`. Returns the problem, or "" with `t` (its values
// copied) and `span` filled.
std::string readTensor(const std::string& name, const nlohmann::json& entry, std::string_view data,
                       SafetensorsTensor& t, DataSpan& span) {
    if (!entry.is_object() || !entry.contains("dtype") || !entry.contains("shape") ||
        !entry.contains("data_offsets"))
        return "tensor '" + name + "' needs dtype, shape and data_offsets";
    if (entry["dtype"] != "F32")
        return "tensor '" + name + "' is " + entry["dtype"].dump() + "; ActLab reads F32 only";
    const nlohmann::json& shape = entry["shape"];
    const nlohmann::json& offsets = entry["data_offsets"];
    if (!shape.is_array() || shape.size() > 8) return "tensor '" + name + "' has a bad shape";
    t.name = name;
    std::uint64_t count = 1;
    for (const nlohmann::json& extent : shape) {
        if (!extent.is_number_unsigned() || extent.get<std::uint64_t>() > (1u << 30))
            return "tensor '" + name + "' has a bad shape";
        count *= extent.get<std::uint64_t>();
        if (count > (1u << 30)) return "tensor '" + name + "' is too large";
        t.shape.push_back(extent.get<std::int64_t>());
    }
    if (!offsets.is_array() || offsets.size() != 2 || !offsets[0].is_number_unsigned() ||
        !offsets[1].is_number_unsigned())
        return "tensor '" + name + "' has bad data_offsets";
    const std::uint64_t begin = offsets[0].get<std::uint64_t>(),
                        end = offsets[1].get<std::uint64_t>();
    if (begin > end || end > data.size() || end - begin != count * sizeof(float))
        return "tensor '" + name + "': data_offsets do not match its shape and the file";
    t.values.resize(count);
    if (count > 0) std::memcpy(t.values.data(), data.data() + begin, count * sizeof(float));
    span.begin = begin;
    span.end = end;
    return "";
}

// The spans must tile the data's `dataBytes` exactly (no overlap, no hole); then `tensors` are
// put in file order, by offset. Returns the problem, or "".
std::string orderBySpans(std::vector<DataSpan>& spans, size_t dataBytes,
                         std::vector<SafetensorsTensor>& tensors) {
    std::sort(spans.begin(), spans.end(), [](const DataSpan& a, const DataSpan& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    std::uint64_t covered = 0;
    for (const DataSpan& s : spans) {
        if (s.begin != covered) return "safetensors data has overlapping tensors or holes";
        covered = s.end;
    }
    if (covered != dataBytes) return "safetensors data has bytes that no tensor covers";
    std::vector<SafetensorsTensor> ordered;  // file order: by offset
    for (const DataSpan& s : spans) ordered.push_back(std::move(tensors[s.tensor]));
    tensors = std::move(ordered);
    return "";
}

}  // namespace

const SafetensorsTensor* SafetensorsFile::find(std::string_view name) const {
    for (const SafetensorsTensor& t : tensors)
        if (t.name == name) return &t;
    return nullptr;
}

std::string encodeSafetensors(const SafetensorsFile& file) {
    nlohmann::ordered_json header = nlohmann::ordered_json::object();
    if (!file.metadata.empty()) header["__metadata__"] = file.metadata;
    std::uint64_t offset = 0;
    for (const SafetensorsTensor& t : file.tensors) {
        const std::uint64_t bytes = t.values.size() * sizeof(float);
        header[t.name] = {
            {"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {offset, offset + bytes}}};
        offset += bytes;
    }
    std::string json = header.dump();
    while ((json.size() + 8) % 8 != 0) json.push_back(' ');  // data 8-byte aligned
    std::string out(8, '\0');
    const std::uint64_t length = json.size();
    std::memcpy(out.data(), &length, 8);
    out += json;
    for (const SafetensorsTensor& t : file.tensors)
        out.append(reinterpret_cast<const char*>(t.values.data()), t.values.size() * sizeof(float));
    return out;
}

std::optional<SafetensorsFile> decodeSafetensors(std::string_view bytes, std::string* error) {
    auto fail = [&](std::string message) -> std::optional<SafetensorsFile> {
        std::replace(message.begin(), message.end(), '\n', ' ');  // tensor names: one line
        std::replace(message.begin(), message.end(), '\r', ' ');
        if (error) *error = message;
        return std::nullopt;
    };
    if (bytes.size() < 8)
        return fail("not a safetensors file: shorter than its 8-byte header length");
    std::uint64_t length = 0;
    std::memcpy(&length, bytes.data(), 8);
    if (length > kMaxHeaderBytes || length > bytes.size() - 8)
        return fail("not a safetensors file: header length " + std::to_string(length) +
                    " exceeds the file's " + std::to_string(bytes.size() - 8) + " bytes");
    const std::string_view data = bytes.substr(8 + length);
    nlohmann::json header;
    try {
        header = nlohmann::json::parse(bytes.substr(8, length));
    } catch (const nlohmann::json::exception&) {
        return fail("not a safetensors file: its header is not valid JSON");
    }
    if (!header.is_object()) return fail("safetensors header is not a JSON object");
    SafetensorsFile file;
    std::vector<DataSpan> spans;
    for (const auto& [name, entry] : header.items()) {
        if (name == "__metadata__") {
            if (std::string problem = readMetadata(entry, file.metadata); !problem.empty())
                return fail(problem);
            continue;
        }
        SafetensorsTensor t;
        DataSpan span{0, 0, file.tensors.size()};
        if (std::string problem = readTensor(name, entry, data, t, span); !problem.empty())
            return fail(problem);
        spans.push_back(span);
        file.tensors.push_back(std::move(t));
    }
    if (std::string problem = orderBySpans(spans, data.size(), file.tensors); !problem.empty())
        return fail(problem);
    return file;
}

bool copyTensorsByName(const SafetensorsFile& file,
                       const std::vector<Parameter<float>*>& parameters,
                       std::vector<std::int64_t> (*shapeOf)(const Parameter<float>&),
                       std::string* error) {
    auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return false;
    };
    if (parameters.size() != file.tensors.size())
        return fail("the file has " + std::to_string(file.tensors.size()) + " tensors, the model " +
                    std::to_string(parameters.size()));
    for (Parameter<float>* p : parameters) {
        const SafetensorsTensor* t = file.find(p->name);
        if (!t) return fail("the file has no tensor '" + p->name + "'");
        if (t->shape != shapeOf(*p))
            return fail("tensor '" + p->name + "' has the wrong shape for the model");
        std::copy(t->values.begin(), t->values.end(), p->value.begin());
    }
    return true;
}

namespace {

std::vector<std::int64_t> transformerShape(const Parameter<float>& p) {
    const Shape shape = Transformer<float>::parameterShape(p);
    return {shape.extents().begin(), shape.extents().end()};
}

}  // namespace

SafetensorsFile transformerToSafetensors(Transformer<float>& model) {
    SafetensorsFile file;
    file.metadata["actlab_config"] = transformerConfigToJson(model.config());
    for (const Parameter<float>* p : model.parameters())
        file.tensors.push_back({p->name, transformerShape(*p), p->value});
    return file;
}

std::unique_ptr<Transformer<float>> transformerFromSafetensors(const SafetensorsFile& file,
                                                               std::string* error) {
    auto fail = [&](const std::string& message) -> std::unique_ptr<Transformer<float>> {
        if (error) *error = message;
        return nullptr;
    };
    auto it = file.metadata.find("actlab_config");
    if (it == file.metadata.end()) return fail("the file has no actlab_config metadata");
    std::string message;
    std::optional<TransformerConfig> config = transformerConfigFromJson(it->second, &message);
    if (!config) return fail("actlab_config: " + message);
    std::unique_ptr<Transformer<float>> model = Transformer<float>::create(*config, &message);
    if (!model) return fail("actlab_config: " + message);
    if (!copyTensorsByName(file, model->parameters(), &transformerShape, &message))
        return fail(message);
    return model;
}

}  // namespace actlab

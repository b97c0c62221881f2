#include "json_dom.hpp"

#include <cstdint>
#include <filesystem>
#include <new>
#include <string>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {

static_assert(k_json_padding >= simdjson::SIMDJSON_PADDING, "read_text_file must leave simdjson's padding");

JsonDom::JsonDom(std::string_view text, const std::string& file, std::string_view nesting_needed) {
    parse(text, false, file, nesting_needed);
}

JsonDom::JsonDom(std::string&& text, const std::string& file, std::string_view nesting_needed) {
    parse(text, text.capacity() - text.size() >= k_json_padding, file, nesting_needed);
    std::string().swap(text);
}

bool JsonDom::try_parse(std::string&& text) {
    simdjson::dom::parser parser;
    const bool padded = text.capacity() - text.size() >= k_json_padding;
    if (parser.allocate(text.size(), k_max_json_depth) != simdjson::SUCCESS) throw std::bad_alloc();
    const simdjson::error_code error =
        parser.parse_into_document(m_document, text.data(), text.size(), !padded).get(m_root);
    std::string().swap(text);
    if (error == simdjson::MEMALLOC) throw std::bad_alloc();
    return error == simdjson::SUCCESS;
}

void JsonDom::parse(std::string_view text, bool padded, const std::string& file, std::string_view nesting_needed) {
    check_json_start(text, file);
    // A parser of its own, so that its buffers (structural indexes, a padded copy) are freed before the document
    // is read. The same depth limit as the other readers: simdjson counts levels as too_deep_byte does.
    simdjson::dom::parser parser;
    if (parser.allocate(text.size(), k_max_json_depth) != simdjson::SUCCESS) throw out_of_memory(file, text.size());
    const simdjson::error_code error =
        parser.parse_into_document(m_document, text.data(), text.size(), !padded).get(m_root);
    if (error == simdjson::SUCCESS) return;
    // A failed allocation (the document's tape and strings, a padded copy) says nothing about the text: never
    // worded as a syntax error, and the text is not parsed again.
    if (error == simdjson::MEMALLOC) throw out_of_memory(file, text.size());
    // Rejected: nlohmann's parser locates and words the error, or, when it accepts the text (an integer beyond 64
    // bits, which nlohmann reads as a double), rewrites it so that simdjson reads the same values nlohmann would.
    throw_json_error(text, file, nesting_needed);
    const std::string rewritten = nlohmann::json::parse(text.begin(), text.end()).dump();
    if (parser.parse_into_document(m_document, rewritten).get(m_root) != simdjson::SUCCESS)
        throw DataError(fmt::format("{}: cannot be read as JSON", file));
}

OutOfMemoryError out_of_memory(const std::string& file, std::size_t bytes) {
    const std::string size = bytes > 0 ? fmt::format(" its {} bytes", bytes) : "";
    return OutOfMemoryError(fmt::format("{}: out of memory while reading{} (the file itself may be fine); allow "
                                        "gpucost more memory (ulimit -v, a container's limit) or read a smaller file",
                                        file, size));
}

OutOfMemoryError out_of_memory(const std::string& path) {
    std::error_code ec;
    const std::uintmax_t bytes = std::filesystem::file_size(path, ec);
    return out_of_memory(path, ec ? 0 : static_cast<std::size_t>(bytes));
}

JsonScalar scalar_of(simdjson::dom::element value) {
    using Kind = JsonScalar::Kind;
    using Type = simdjson::dom::element_type;
    switch (value.type()) {
        case Type::NULL_VALUE: return JsonScalar::of(Kind::null);
        case Type::BOOL: return JsonScalar::of_boolean(value.get_bool().value_unsafe());
        case Type::STRING: return JsonScalar::of_string(value.get_string().value_unsafe());
        case Type::OBJECT: return JsonScalar::of(Kind::object);
        case Type::ARRAY: return JsonScalar::of(Kind::array);
        case Type::INT64: return JsonScalar::of_number(static_cast<double>(value.get_int64().value_unsafe()));
        case Type::UINT64: return JsonScalar::of_number(static_cast<double>(value.get_uint64().value_unsafe()));
        case Type::DOUBLE: return JsonScalar::of_number(value.get_double().value_unsafe());
    }
    return {};
}

nlohmann::json to_nlohmann(simdjson::dom::element value) {
    // Built directly, as nlohmann's parser would build it from the value's text (the last of repeated keys wins; a
    // whole number >= 0 is unsigned, a negative one signed): printing the value and parsing it again was a tenth of
    // the embedded catalogue's load (issue 21).
    using Type = simdjson::dom::element_type;
    switch (value.type()) {
        case Type::NULL_VALUE: return nullptr;
        case Type::BOOL: return value.get_bool().value_unsafe();
        case Type::STRING: return std::string(value.get_string().value_unsafe());
        case Type::INT64: {
            const std::int64_t v = value.get_int64().value_unsafe();
            return v >= 0 ? nlohmann::json(static_cast<std::uint64_t>(v)) : nlohmann::json(v);
        }
        case Type::UINT64: return value.get_uint64().value_unsafe();
        case Type::DOUBLE: return value.get_double().value_unsafe();
        case Type::ARRAY: {
            nlohmann::json out = nlohmann::json::array();
            simdjson::dom::array items;  // named, as elsewhere here: a temporary result upsets -Wmaybe-uninitialized
            if (value.get_array().get(items) != simdjson::SUCCESS) return out;
            for (const simdjson::dom::element item : items) out.push_back(to_nlohmann(item));
            return out;
        }
        case Type::OBJECT: {
            nlohmann::json out = nlohmann::json::object();
            simdjson::dom::object members;
            if (value.get_object().get(members) != simdjson::SUCCESS) return out;
            for (const simdjson::dom::key_value_pair member : members)
                out[std::string(member.key)] = to_nlohmann(member.value);
            return out;
        }
    }
    return nullptr;
}

void JsonObject::assign(simdjson::dom::element value) {
    m_keys.clear();
    m_values.clear();
    m_repeats = false;
    m_next = 0;
    simdjson::dom::object object;
    if (value.get_object().get(object) != simdjson::SUCCESS) return;
    for (const simdjson::dom::key_value_pair member : object) {
        for (const std::string_view seen : m_keys) m_repeats = m_repeats || same_key(seen, member.key);
        m_keys.push_back(member.key);
        m_values.push_back(member.value);
    }
}

const simdjson::dom::element* JsonObject::find(std::string_view key) const noexcept {
    const std::size_t n = m_keys.size();
    if (m_repeats) {
        for (std::size_t i = n; i-- > 0;)  // from the end: a repeated key's last value wins
            if (same_key(m_keys[i], key)) return &m_values[i];
        return nullptr;
    }
    for (std::size_t k = 0, i = m_next; k < n; ++k, i = i + 1 == n ? 0 : i + 1) {
        if (!same_key(m_keys[i], key)) continue;
        m_next = i + 1 == n ? 0 : i + 1;
        return &m_values[i];
    }
    return nullptr;
}

JsonScalar JsonObject::scalar(std::string_view key) const {
    const simdjson::dom::element* value = find(key);
    return value == nullptr ? JsonScalar{} : scalar_of(*value);
}

std::vector<std::string> read_strings(JsonReader& r, const JsonObject& e, const std::string& path, const char* key) {
    using simdjson::dom::element;
    std::vector<std::string> out;
    const element* value = e.find(key);
    if (value == nullptr) return out;
    const std::string where = child_path(path, key);
    simdjson::dom::array items;
    if (value->get_array().get(items) != simdjson::SUCCESS) {
        r.error(where, fmt::format("must be a list of strings, got {}", describe(scalar_of(*value))));
        return out;
    }
    std::size_t i = 0;
    for (const element item : items) {
        const JsonScalar s = scalar_of(item);
        const auto bad = s.kind == JsonScalar::Kind::string ? forbidden_character(s.text) : std::nullopt;
        if (bad)
            r.error(child_path(where, i), forbidden_character_message(*bad));
        else if (s.kind == JsonScalar::Kind::string && !s.text.empty())
            out.emplace_back(s.text);
        else
            r.error(child_path(where, i), fmt::format("must be a non-empty string, got {}", describe(s)));
        ++i;
    }
    return out;
}

}  // namespace gpucost

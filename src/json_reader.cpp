#include "json_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "gpucost/text.hpp"

namespace gpucost {
namespace {

// Real catalogues nest four levels deep; the limit only stops hostile input early.
constexpr int k_max_json_depth = 64;
// Far above a catalogue of a million offers; a larger file is a mistake, not a catalogue.
constexpr std::uintmax_t k_max_file_bytes = 512ull * 1024 * 1024;

struct TooDeep {
    std::size_t byte;
};

std::string position_text(std::string_view text, std::size_t byte) {
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return fmt::format("line {}, column {}", line, column);
}

// nlohmann's message without its "[json.exception...] parse error at line x, column y: " prefix.
std::string parse_reason(const std::string& what) {
    const std::size_t column = what.find("column ");
    if (column != std::string::npos) {
        const std::size_t colon = what.find(": ", column);
        if (colon != std::string::npos) return what.substr(colon + 2);
    }
    const std::size_t bracket = what.find("] ");
    return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

std::string range_text(double min, double max, bool min_exclusive, std::string_view unit) {
    std::string range = fmt::format("{}{}, {}]", min_exclusive ? '(' : '[', exact_number(min), exact_number(max));
    if (!unit.empty()) range += fmt::format(" {}", unit);
    return range;
}

}  // namespace

nlohmann::json parse_json_text(std::string_view text, const std::string& file) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw DataError(fmt::format("{}: the file is empty; expected a JSON object", file));
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF")
        throw DataError(fmt::format("{}: line 1, column 1: the file starts with a UTF-8 byte-order mark; "
                                    "save it as UTF-8 without BOM",
                                    file));
    std::size_t depth_byte = 0;
    try {
        const nlohmann::json::parser_callback_t limit_depth = [&](int depth, nlohmann::json::parse_event_t event,
                                                                   nlohmann::json&) {
            if (depth > k_max_json_depth &&
                (event == nlohmann::json::parse_event_t::object_start ||
                 event == nlohmann::json::parse_event_t::array_start))
                throw TooDeep{depth_byte};
            return true;
        };
        return nlohmann::json::parse(text.begin(), text.end(), limit_depth);
    } catch (const TooDeep&) {
        throw DataError(fmt::format("{}: nested more than {} levels deep; a catalogue needs 4", file,
                                    k_max_json_depth));
    } catch (const nlohmann::json::parse_error& e) {
        throw DataError(fmt::format("{}: {}: invalid JSON: {}", file, position_text(text, e.byte == 0 ? 0 : e.byte - 1),
                                    parse_reason(e.what())));
    }
}

std::string read_text_file(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) throw DataError(fmt::format("{}: no such file", path));
    if (fs::is_directory(status)) throw DataError(fmt::format("{}: is a directory, not a file", path));
    const std::uintmax_t size = fs::file_size(path, ec);
    if (!ec && size > k_max_file_bytes)
        throw DataError(fmt::format("{}: {} bytes is larger than the {} MiB limit", path, size,
                                    k_max_file_bytes / (1024 * 1024)));
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DataError(fmt::format("{}: cannot be read (permission denied?)", path));
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) throw DataError(fmt::format("{}: read error", path));
    return std::move(buffer).str();
}

std::string describe(const nlohmann::json& value) {
    switch (value.type()) {
        case nlohmann::json::value_t::null: return "null";
        case nlohmann::json::value_t::boolean: return fmt::format("the boolean {}", value.get<bool>());
        case nlohmann::json::value_t::string: return fmt::format("the string {}", quote_value(value.get_ref<const std::string&>()));
        case nlohmann::json::value_t::object: return "an object";
        case nlohmann::json::value_t::array: return "an array";
        case nlohmann::json::value_t::number_integer:
        case nlohmann::json::value_t::number_unsigned:
        case nlohmann::json::value_t::number_float: return exact_number(value.get<double>());
        default: return "an unreadable value";
    }
}

std::string child_path(const std::string& path, std::string_view key) {
    std::string out = path + "/";
    for (const char c : key) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
    return out;
}

std::string child_path(const std::string& path, std::size_t index) { return fmt::format("{}/{}", path, index); }

const nlohmann::json* JsonReader::member(const nlohmann::json& object, std::string_view key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

std::optional<double> JsonReader::number(const nlohmann::json& object, const std::string& path, std::string_view key,
                                         double min, double max, bool required, bool min_exclusive,
                                         std::string_view unit) {
    const nlohmann::json* value = member(object, key);
    const std::string where = child_path(path, key);
    const std::string range = range_text(min, max, min_exclusive, unit);
    if (value == nullptr) {
        if (required) error(where, fmt::format("missing; expected a number in {}", range));
        return std::nullopt;
    }
    if (!value->is_number()) {
        error(where, fmt::format("must be a number in {}, got {}", range, describe(*value)));
        return std::nullopt;
    }
    const double v = value->get<double>();
    const bool below = min_exclusive ? !(v > min) : !(v >= min);
    if (!std::isfinite(v)) {
        error(where, fmt::format("must be a finite number in {}, got a number too large to represent", range));
        return std::nullopt;
    }
    if (below || !(v <= max)) {
        error(where, fmt::format("must be in {}, got {}", range, exact_number(v)));
        return std::nullopt;
    }
    return v;
}

std::optional<double> JsonReader::nullable_number(const nlohmann::json& object, const std::string& path,
                                                  std::string_view key, double min, double max, std::string_view unit) {
    const nlohmann::json* value = member(object, key);
    if (value != nullptr && value->is_null()) return std::nullopt;
    return number(object, path, key, min, max, false, false, unit);
}

std::optional<std::int64_t> JsonReader::integer(const nlohmann::json& object, const std::string& path,
                                                std::string_view key, std::int64_t min, std::int64_t max,
                                                bool required) {
    const auto v = number(object, path, key, static_cast<double>(min), static_cast<double>(max), required);
    if (!v) return std::nullopt;
    if (std::floor(*v) != *v) {
        error(child_path(path, key), fmt::format("must be a whole number, got {}", exact_number(*v)));
        return std::nullopt;
    }
    return static_cast<std::int64_t>(*v);
}

std::optional<std::string> JsonReader::string(const nlohmann::json& object, const std::string& path,
                                              std::string_view key, bool required) {
    const nlohmann::json* value = member(object, key);
    const std::string where = child_path(path, key);
    if (value == nullptr) {
        if (required) error(where, "missing; expected a non-empty string");
        return std::nullopt;
    }
    if (!value->is_string()) {
        error(where, fmt::format("must be a string, got {}", describe(*value)));
        return std::nullopt;
    }
    const std::string& s = value->get_ref<const std::string&>();
    if (required && s.empty()) {
        error(where, "must not be empty");
        return std::nullopt;
    }
    return s;
}

std::vector<std::string> JsonReader::strings(const nlohmann::json& object, const std::string& path,
                                             std::string_view key) {
    std::vector<std::string> out;
    const nlohmann::json* value = member(object, key);
    if (value == nullptr) return out;
    const std::string where = child_path(path, key);
    if (!value->is_array()) {
        error(where, fmt::format("must be a list of strings, got {}", describe(*value)));
        return out;
    }
    for (std::size_t i = 0; i < value->size(); ++i) {
        const nlohmann::json& item = (*value)[i];
        if (item.is_string() && !item.get_ref<const std::string&>().empty())
            out.push_back(item.get<std::string>());
        else
            error(child_path(where, i), fmt::format("must be a non-empty string, got {}", describe(item)));
    }
    return out;
}

void JsonReader::unknown_keys(const nlohmann::json& object, const std::string& path,
                              const std::vector<std::string>& known) {
    if (!object.is_object()) return;
    for (const auto& item : object.items()) {
        if (std::find(known.begin(), known.end(), item.key()) != known.end()) continue;
        warn(child_path(path, item.key()), fmt::format("unknown key, ignored{}", did_you_mean(item.key(), known)));
    }
}

}  // namespace gpucost

#include "json_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <utility>
#include <system_error>

#include "gpucost/text.hpp"

namespace gpucost {
namespace {

// Real catalogues nest four levels deep; the limit only stops hostile input early.
constexpr int k_max_json_depth = 64;
// Far above a catalogue of a million offers; a larger file is a mistake, not a catalogue.
constexpr std::uintmax_t k_max_file_bytes = 512ull * 1024 * 1024;


// The first byte outside strings where `hit(i)` holds, or text.size(). Locates what nlohmann reports
// without a position (nesting too deep, a number too large).
template <typename Hit>
std::size_t find_outside_strings(std::string_view text, Hit hit) {
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (hit(i)) {
            return i;
        }
    }
    return text.size();
}

// Where the nesting first goes deeper than `limit`.
std::size_t too_deep_byte(std::string_view text, int limit) {
    int depth = 0;
    return find_outside_strings(text, [&](std::size_t i) {
        if (text[i] == '[' || text[i] == '{') return ++depth > limit;
        if (text[i] == ']' || text[i] == '}') --depth;
        return false;
    });
}

// Where the number `token` starts (a whole token, not part of a longer number).
std::size_t number_byte(std::string_view text, std::string_view token) {
    const auto in_number = [](char c) {
        return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
    };
    return find_outside_strings(text, [&](std::size_t i) {
        return text.substr(i, token.size()) == token && (i == 0 || !in_number(text[i - 1])) &&
               (i + token.size() == text.size() || !in_number(text[i + token.size()]));
    });
}

// Bytes that are not printable ASCII as \xNN, so a message about binary garbage stays one readable line.
std::string printable(std::string_view text) {
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x7f) out += fmt::format("\\x{:02x}", byte);
        else out += c;
    }
    return out;
}

// NaN and Infinity are numbers in JavaScript and Python's json module, but not in JSON: the word nlohmann
// stopped at (the byte, or one before it), and where it starts.
std::optional<std::pair<std::string_view, std::size_t>> non_json_number(std::string_view text, std::size_t byte) {
    for (std::size_t start = byte >= 1 ? byte - 1 : 0; start <= byte && start < text.size(); ++start)
        for (const std::string_view word : {"-Infinity", "Infinity", "NaN"})
            if (text.substr(start, word.size()) == word) return std::make_pair(word, start);
    return std::nullopt;
}

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

// strerror's text in lower case, to sit inside a sentence: "permission denied".
std::string reason_text(int error) {
    std::string text = std::generic_category().message(error);
    if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') text[0] = static_cast<char>(text[0] - 'A' + 'a');
    return text;
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
    // Depth is checked by a linear scan before parsing: nlohmann's callback parser, the other way to stop early,
    // rescans every parent array at the end of each object and makes large catalogues quadratic.
    const std::size_t too_deep = too_deep_byte(text, k_max_json_depth);
    if (too_deep < text.size())
        throw DataError(fmt::format("{}: {}: nested more than {} levels deep; a catalogue needs 4", file,
                                    position_text(text, too_deep), k_max_json_depth));
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        const std::size_t byte = e.byte == 0 ? 0 : e.byte - 1;
        if (const auto word = non_json_number(text, byte))
            throw DataError(fmt::format("{}: {}: invalid JSON: {} is not a JSON number; write a finite number", file,
                                        position_text(text, word->second), word->first));
        throw DataError(fmt::format("{}: {}: invalid JSON: {}", file, position_text(text, byte),
                                    printable(parse_reason(e.what()))));
    } catch (const nlohmann::json::out_of_range& e) {
        // nlohmann's only out_of_range while parsing: a number beyond double (406, "number overflow parsing '1e400'").
        const std::string what = e.what();
        const std::size_t open = what.find('\'');
        const std::size_t close = what.rfind('\'');
        const std::string token = open < close ? what.substr(open + 1, close - open - 1) : std::string();
        throw DataError(fmt::format("{}: {}: the number {} is too large to represent; numbers must be finite", file,
                                    position_text(text, number_byte(text, token)), printable(token)));
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
    // stdio rather than a stream: it tells a read error (EIO) from the end of the file, and the loop below
    // stops at the limit even where the size is unknown (/dev/zero, a pipe).
    errno = 0;
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> in(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!in) throw DataError(fmt::format("{}: cannot be read: {}", path, reason_text(errno)));
    std::string text;
    char chunk[65536];
    while (const std::size_t got = std::fread(chunk, 1, sizeof chunk, in.get())) {
        text.append(chunk, got);
        if (text.size() > k_max_file_bytes)
            throw DataError(fmt::format("{}: larger than the {} MiB limit", path, k_max_file_bytes / (1024 * 1024)));
    }
    if (std::ferror(in.get())) throw DataError(fmt::format("{}: cannot be read: {}", path, reason_text(errno)));
    return text;
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
    // Paths and ranges are formatted only for a message: on a valid field they would be most of the load time.
    const nlohmann::json* value = member(object, key);
    const auto where = [&] { return child_path(path, key); };
    const auto range = [&] { return range_text(min, max, min_exclusive, unit); };
    if (value == nullptr) {
        if (required) error(where(), fmt::format("missing; expected a number in {}", range()));
        return std::nullopt;
    }
    if (!value->is_number()) {
        error(where(), fmt::format("must be a number in {}, got {}", range(), describe(*value)));
        return std::nullopt;
    }
    const double v = value->get<double>();
    const bool below = min_exclusive ? !(v > min) : !(v >= min);
    if (!std::isfinite(v)) {
        error(where(), fmt::format("must be a finite number in {}, got a number too large to represent", range()));
        return std::nullopt;
    }
    if (below || !(v <= max)) {
        error(where(), fmt::format("must be in {}, got {}", range(), exact_number(v)));
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

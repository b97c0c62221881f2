#include "gpucost/io/json_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// "512 MiB", "1 MiB": a limit as messages give it.
std::string size_text(std::size_t bytes) { return fmt::format("{} MiB", bytes >> 20); }

// The one key whose text is prose, where a tab makes sense; every other string is a name, a date or a URL.
constexpr std::string_view k_prose_key = "note";

// strerror's text in lower case, to sit inside a sentence: "permission denied".
std::string reason_text(int error) {
    std::string text = std::generic_category().message(error);
    if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') text[0] = static_cast<char>(text[0] - 'A' + 'a');
    return text;
}

}  // namespace

nlohmann::json parse_json_text(std::string_view text, const std::string& file, std::string_view nesting_needed) {
    check_json_start(text, file);
    // nlohmann has no depth limit of its own; scenarios are small, so a scan first costs nothing.
    check_json_depth(text, file, nesting_needed);
    nlohmann::json root = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    if (root.is_discarded()) throw_json_error(text, file, nesting_needed);
    return root;
}

void check_json_start(std::string_view text, const std::string& file) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw DataError(fmt::format("{}: the file is empty; expected a JSON object", file));
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF")
        throw DataError(fmt::format("{}: line 1, column 1: the file starts with a UTF-8 byte-order mark; "
                                    "save it as UTF-8 without BOM",
                                    file));
}

namespace {

// A file opened for reading as read_text_file and text_file_chunks check it: its size when known.
struct OpenedFile {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> in{nullptr, &std::fclose};
    std::optional<std::uintmax_t> size;
};

DataError too_large(const std::string& path, std::size_t max_bytes, std::string_view kind, const std::string& size) {
    return DataError(fmt::format("{}: {}larger than the {} limit for {}", path, size, size_text(max_bytes), kind));
}

OpenedFile open_text_file(const std::string& path, std::size_t max_bytes, std::string_view kind) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) throw DataError(fmt::format("{}: no such file", path));
    if (fs::is_directory(status)) throw DataError(fmt::format("{}: is a directory, not a file", path));
    OpenedFile file;
    const std::uintmax_t size = fs::file_size(path, ec);
    if (!ec) file.size = size;
    if (!ec && size > max_bytes) throw too_large(path, max_bytes, kind, fmt::format("{} bytes is ", size));
    // stdio rather than a stream: it tells a read error (EIO) from the end of the file, and the readers stop at the
    // limit even where the size is unknown (/dev/zero, a pipe).
    errno = 0;
    file.in.reset(std::fopen(path.c_str(), "rb"));
    if (!file.in) throw DataError(fmt::format("{}: cannot be read: {}", path, reason_text(errno)));
    return file;
}

}  // namespace

std::string read_text_file(const std::string& path, std::size_t max_bytes, std::string_view kind) {
    const OpenedFile file = open_text_file(path, max_bytes, kind);
    std::string text;
    // Room for the whole file at once where its size is known: growing by doubling would copy it and, for a
    // large catalogue, hold it twice at the peak. Where it is not known, growth stops at the limit.
    if (file.size) text.reserve(static_cast<std::size_t>(*file.size) + k_json_padding);
    char chunk[65536];
    while (const std::size_t got = std::fread(chunk, 1, sizeof chunk, file.in.get())) {
        if (text.size() + got > max_bytes) throw too_large(path, max_bytes, kind, "");
        if (text.capacity() < text.size() + got)
            text.reserve(std::min(max_bytes + k_json_padding, std::max(2 * text.capacity(), text.size() + got)));
        text.append(chunk, got);
    }
    if (std::ferror(file.in.get())) throw DataError(fmt::format("{}: cannot be read: {}", path, reason_text(errno)));
    if (text.capacity() - text.size() < k_json_padding) text.reserve(text.size() + k_json_padding);
    return text;
}

std::function<std::string_view()> text_file_chunks(const std::string& path, std::size_t max_bytes,
                                                   std::string_view kind) {
    struct State {
        OpenedFile file;
        std::string path, kind;
        std::size_t max_bytes = 0, read = 0;
        std::vector<char> chunk = std::vector<char>(65536);
    };
    auto state = std::make_shared<State>();
    state->file = open_text_file(path, max_bytes, kind);
    state->path = path;
    state->kind = kind;
    state->max_bytes = max_bytes;
    return [state]() -> std::string_view {
        State& s = *state;
        errno = 0;
        const std::size_t got = std::fread(s.chunk.data(), 1, s.chunk.size(), s.file.in.get());
        if (got == 0 && std::ferror(s.file.in.get()))
            throw DataError(fmt::format("{}: cannot be read: {}", s.path, reason_text(errno)));
        s.read += got;
        if (s.read > s.max_bytes) throw too_large(s.path, s.max_bytes, s.kind, "");
        return {s.chunk.data(), got};
    };
}

std::string describe(const JsonScalar& value) {
    switch (value.kind) {
        case JsonScalar::Kind::null: return "null";
        case JsonScalar::Kind::boolean: return fmt::format("the boolean {}", value.boolean);
        case JsonScalar::Kind::string: return fmt::format("the string {}", quote_value(value.text));
        case JsonScalar::Kind::object: return "an object";
        case JsonScalar::Kind::array: return "an array";
        case JsonScalar::Kind::number: return exact_number(value.number);
        default: return "an unreadable value";
    }
}

std::string describe(const nlohmann::json& value) { return describe(JsonReader::scalar(&value)); }

std::string child_path(const std::string& path, std::string_view key) {
    std::string out;
    out.reserve(path.size() + 1 + key.size());
    out += path;
    out += '/';
    // Escaped per RFC 6901; a key with neither character (every real one) is appended whole.
    for (std::size_t start = 0;;) {
        const std::size_t special = key.find_first_of("~/", start);
        out.append(key.substr(start, special - start));
        if (special == std::string_view::npos) break;
        out += key[special] == '~' ? "~0" : "~1";
        start = special + 1;
    }
    return out;
}

std::string child_path(const std::string& path, std::size_t index) {
    const fmt::format_int digits(index);  // one of these per entry read: no format string to parse
    std::string out;
    out.reserve(path.size() + 1 + digits.size());
    out += path;
    out += '/';
    out.append(digits.data(), digits.size());
    return out;
}

const nlohmann::json* JsonReader::member(const nlohmann::json& object, std::string_view key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

JsonScalar JsonReader::scalar(const nlohmann::json* value) {
    using Kind = JsonScalar::Kind;
    if (value == nullptr) return {};
    switch (value->type()) {
        case nlohmann::json::value_t::null: return JsonScalar::of(Kind::null);
        case nlohmann::json::value_t::boolean: return JsonScalar::of_boolean(value->get<bool>());
        case nlohmann::json::value_t::string: return JsonScalar::of_string(value->get_ref<const std::string&>());
        case nlohmann::json::value_t::object: return JsonScalar::of(Kind::object);
        case nlohmann::json::value_t::array: return JsonScalar::of(Kind::array);
        case nlohmann::json::value_t::number_integer:
        case nlohmann::json::value_t::number_unsigned:
        case nlohmann::json::value_t::number_float: return JsonScalar::of_number(value->get<double>());
        default: return JsonScalar::of(Kind::absent);
    }
}

std::optional<double> JsonReader::number(const JsonScalar& value, const std::string& path, std::string_view key,
                                         double min, double max, bool required, bool min_exclusive,
                                         std::string_view unit) {
    // Paths and ranges are formatted only for a message: on a valid field they would be most of the load time.
    const auto where = [&] { return child_path(path, key); };
    const auto range = [&] { return range_text(min, max, min_exclusive, unit); };
    if (value.kind == JsonScalar::Kind::absent) {
        if (required) error(where(), fmt::format("missing; expected a number in {}", range()));
        return std::nullopt;
    }
    if (value.kind != JsonScalar::Kind::number) {
        error(where(), fmt::format("must be a number in {}, got {}", range(), describe(value)));
        return std::nullopt;
    }
    const double v = value.number;
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

std::optional<double> JsonReader::nullable_number(const JsonScalar& value, const std::string& path,
                                                  std::string_view key, double min, double max, std::string_view unit) {
    if (value.kind == JsonScalar::Kind::null) return std::nullopt;
    return number(value, path, key, min, max, false, false, unit);
}

std::optional<std::int64_t> JsonReader::integer(const JsonScalar& value, const std::string& path, std::string_view key,
                                                std::int64_t min, std::int64_t max, bool required) {
    const auto v = number(value, path, key, static_cast<double>(min), static_cast<double>(max), required);
    if (!v) return std::nullopt;
    if (std::floor(*v) != *v) {
        error(child_path(path, key), fmt::format("must be a whole number, got {}", exact_number(*v)));
        return std::nullopt;
    }
    return static_cast<std::int64_t>(*v);
}

std::optional<std::string_view> JsonReader::string(const JsonScalar& value, const std::string& path,
                                                   std::string_view key, bool required) {
    const auto where = [&] { return child_path(path, key); };
    if (value.kind == JsonScalar::Kind::absent) {
        if (required) error(where(), "missing; expected a non-empty string");
        return std::nullopt;
    }
    if (value.kind != JsonScalar::Kind::string) {
        error(where(), fmt::format("must be a string, got {}", describe(value)));
        return std::nullopt;
    }
    if (required && value.text.empty()) {
        error(where(), "must not be empty");
        return std::nullopt;
    }
    // Text reaches terminals and CSV cells byte for byte: no ESC, CR, NUL or bidi override gets that far.
    if (const auto bad = forbidden_character(value.text, key == k_prose_key)) {
        error(where(), forbidden_character_message(*bad));
        return std::nullopt;
    }
    return value.text;
}

void JsonReader::unknown_keys(std::span<const std::string_view> keys, const std::string& path,
                              const std::vector<std::string>& known) {
    const auto same = [](std::string_view a, std::string_view b) {
        return a.size() == b.size() && (a.empty() || (a[0] == b[0] && a.compare(b) == 0));
    };
    const auto is_known = [&](std::string_view key) {
        return std::any_of(known.begin(), known.end(), [&](const std::string& k) { return same(k, key); });
    };
    // The common case, nothing to report: keys are mostly written in the schema's order, so each is tried first
    // against the known key after the previous one's.
    std::size_t next = 0;
    bool all_known = true;
    for (const std::string_view key : keys) {
        if (next < known.size() && same(known[next], key)) {
            ++next;
            continue;
        }
        const auto it = std::find_if(known.begin(), known.end(), [&](const std::string& k) { return same(k, key); });
        if (it == known.end()) {
            all_known = false;
            break;
        }
        next = static_cast<std::size_t>(it - known.begin()) + 1;
    }
    if (all_known) return;
    // Reported in byte order, each once, however the object was written (as nlohmann's std::map listed them).
    std::vector<std::string_view> unknown;
    for (const std::string_view key : keys)
        if (!is_known(key)) unknown.push_back(key);
    std::sort(unknown.begin(), unknown.end());
    unknown.erase(std::unique(unknown.begin(), unknown.end()), unknown.end());
    for (const std::string_view key : unknown)
        warn(child_path(path, key), fmt::format("unknown key, ignored{}", did_you_mean(key, known)));
}

std::optional<double> JsonReader::number(const nlohmann::json& object, const std::string& path, std::string_view key,
                                         double min, double max, bool required, bool min_exclusive,
                                         std::string_view unit) {
    return number(scalar(member(object, key)), path, key, min, max, required, min_exclusive, unit);
}

std::optional<double> JsonReader::nullable_number(const nlohmann::json& object, const std::string& path,
                                                  std::string_view key, double min, double max, std::string_view unit) {
    return nullable_number(scalar(member(object, key)), path, key, min, max, unit);
}

std::optional<std::int64_t> JsonReader::integer(const nlohmann::json& object, const std::string& path,
                                                std::string_view key, std::int64_t min, std::int64_t max,
                                                bool required) {
    return integer(scalar(member(object, key)), path, key, min, max, required);
}

std::optional<std::string> JsonReader::string(const nlohmann::json& object, const std::string& path,
                                              std::string_view key, bool required) {
    const auto s = string(scalar(member(object, key)), path, key, required);
    if (!s) return std::nullopt;
    return std::string(*s);
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
        const auto bad = item.is_string() ? forbidden_character(item.get_ref<const std::string&>()) : std::nullopt;
        if (bad)
            error(child_path(where, i), forbidden_character_message(*bad));
        else if (item.is_string() && !item.get_ref<const std::string&>().empty())
            out.push_back(item.get<std::string>());
        else
            error(child_path(where, i), fmt::format("must be a non-empty string, got {}", describe(item)));
    }
    return out;
}

void JsonReader::unknown_keys(const nlohmann::json& object, const std::string& path,
                              const std::vector<std::string>& known) {
    if (!object.is_object()) return;
    std::vector<std::string_view> keys;
    for (const auto& item : object.items()) keys.emplace_back(item.key());
    unknown_keys(std::span<const std::string_view>(keys), path, known);
}

}  // namespace gpucost

#include "gpucost/io/json_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

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
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
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
        if (byte < 0x20 || byte >= 0x7f)
            out += fmt::format("\\x{:02x}", byte);
        else
            out += c;
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

// A strict reader of the JSON that catalogues are made of, several times faster than nlohmann's lexer (which copies
// every byte into two buffers and reads numbers with strtod). It sends the same SAX events nlohmann's parser would,
// and gives up, returning false, at anything outside the subset it reads itself: every syntax error, a byte above
// 0x7f, a \u escape, an integer beyond 64 bits, a number that is not a finite double, nesting deeper than the
// limit. nlohmann's parser then reads the text (and words the error) instead, so what this accepts is exactly what
// nlohmann accepts, read to the same values: JSON numbers are correctly rounded by both from_chars and strtod.
template <typename Sax>
class FastJsonReader {
public:
    FastJsonReader(std::string_view text, Sax& sax)
        : m_at(text.data()),
          m_end(text.data() + text.size()),
          m_sax(sax) {}

    bool read() {
        skip_space();
        if (!value()) return false;
        skip_space();
        return m_at == m_end;
    }

private:
    bool value() {
        if (m_at == m_end) return false;
        switch (*m_at) {
            case '{': return object();
            case '[': return array();
            case '"': return string() && m_sax.string(m_string);
            case 't': return word("true") && m_sax.boolean(true);
            case 'f': return word("false") && m_sax.boolean(false);
            case 'n': return word("null") && m_sax.null();
            default: return number();
        }
    }
    bool object() {
        if (++m_depth > k_max_json_depth) return false;
        ++m_at;
        if (!m_sax.start_object(static_cast<std::size_t>(-1))) return false;
        skip_space();
        if (next_is('}')) return end_container() && m_sax.end_object();
        for (;;) {
            if (m_at == m_end || *m_at != '"' || !string() || !m_sax.key(m_string)) return false;
            skip_space();
            if (!next_is(':')) return false;
            skip_space();
            if (!value()) return false;
            skip_space();
            if (next_is('}')) return end_container() && m_sax.end_object();
            if (!next_is(',')) return false;
            skip_space();
        }
    }
    bool array() {
        if (++m_depth > k_max_json_depth) return false;
        ++m_at;
        if (!m_sax.start_array(static_cast<std::size_t>(-1))) return false;
        skip_space();
        if (next_is(']')) return end_container() && m_sax.end_array();
        for (;;) {
            if (!value()) return false;
            skip_space();
            if (next_is(']')) return end_container() && m_sax.end_array();
            if (!next_is(',')) return false;
            skip_space();
        }
    }
    bool end_container() {
        --m_depth;
        return true;
    }
    // A string into m_string, the opening quote at m_at.
    bool string() {
        m_string.clear();
        ++m_at;
        for (;;) {
            const char* run = m_at;
            while (m_at != m_end && static_cast<unsigned char>(*m_at) >= 0x20 &&
                   static_cast<unsigned char>(*m_at) < 0x80 && *m_at != '"' && *m_at != '\\')
                ++m_at;
            m_string.append(run, m_at);
            if (m_at == m_end) return false;
            if (*m_at == '"') {
                ++m_at;
                return true;
            }
            if (*m_at != '\\' || m_end - m_at < 2) return false;  // a control character or a byte above 0x7f
            char unescaped = 0;
            switch (m_at[1]) {
                case '"': unescaped = '"'; break;
                case '\\': unescaped = '\\'; break;
                case '/': unescaped = '/'; break;
                case 'b': unescaped = '\b'; break;
                case 'f': unescaped = '\f'; break;
                case 'n': unescaped = '\n'; break;
                case 'r': unescaped = '\r'; break;
                case 't': unescaped = '\t'; break;
                default: return false;  // \u or not an escape
            }
            m_string += unescaped;
            m_at += 2;
        }
    }
    // A number as JSON spells it; integers go out as nlohmann's unsigned or signed 64-bit ones, the rest as doubles.
    bool number() {
        const char* start = m_at;
        const auto digits = [&] {
            const char* first = m_at;
            while (m_at != m_end && *m_at >= '0' && *m_at <= '9') ++m_at;
            return m_at != first;
        };
        if (m_at != m_end && *m_at == '-') ++m_at;
        if (m_at != m_end && *m_at == '0')
            ++m_at;
        else if (!digits())
            return false;
        bool integer = true;
        if (m_at != m_end && *m_at == '.') {
            ++m_at;
            if (!digits()) return false;
            integer = false;
        }
        if (m_at != m_end && (*m_at == 'e' || *m_at == 'E')) {
            ++m_at;
            if (m_at != m_end && (*m_at == '+' || *m_at == '-')) ++m_at;
            if (!digits()) return false;
            integer = false;
        }
        if (integer && *start == '-') {
            std::int64_t value = 0;
            const auto [end, error] = std::from_chars(start, m_at, value);
            return error == std::errc() && end == m_at && m_sax.number_integer(value);
        }
        if (integer) {
            std::uint64_t value = 0;
            const auto [end, error] = std::from_chars(start, m_at, value);
            return error == std::errc() && end == m_at && m_sax.number_unsigned(value);
        }
        double value = 0.0;
        const auto [end, error] = std::from_chars(start, m_at, value);
        return error == std::errc() && end == m_at && std::isfinite(value) && m_sax.number_float(value, m_no_text);
    }
    bool word(std::string_view w) {
        if (static_cast<std::size_t>(m_end - m_at) < w.size() || std::string_view(m_at, w.size()) != w) return false;
        m_at += w.size();
        return true;
    }
    bool next_is(char c) {
        if (m_at == m_end || *m_at != c) return false;
        ++m_at;
        return true;
    }
    void skip_space() {
        while (m_at != m_end && (*m_at == ' ' || *m_at == '\n' || *m_at == '\r' || *m_at == '\t')) ++m_at;
    }

    const char* m_at;
    const char* m_end;
    Sax& m_sax;
    int m_depth = 0;
    std::string m_string;
    const std::string m_no_text;  // number_float's copy of the token, which the document does not use
};

// Runs `parse` over `text` after the checks nlohmann does not make (empty, byte-order mark, depth), and turns
// nlohmann's errors into ours: the same message for the DOM parser and the streaming one.
template <typename Parse>
auto parse_reporting_errors(std::string_view text, const std::string& file, Parse parse,
                            std::string_view nesting_needed = k_catalogue_nesting) {
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
        throw DataError(fmt::format("{}: {}: nested more than {} levels deep; {}", file, position_text(text, too_deep),
                                    k_max_json_depth, nesting_needed));
    try {
        return parse();
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

// nlohmann's SAX events built into a document exactly as its own DOM parser (detail::json_sax_dom_parser) builds
// one (the last of repeated keys wins), except for the elements of one array member of the root object: each is
// built on its own, handed over when complete and dropped, so that the array stays empty. Syntax errors come
// from nlohmann's parser itself, so they are the DOM parser's to the byte.
class StreamingDocument {
public:
    using json = nlohmann::json;
    using Begin = std::function<bool(const json&)>;
    using Element = std::function<void(const json&, std::size_t)>;

    StreamingDocument(json& root, std::string_view key, const Begin& begin, const Element& element)
        : m_root(root),
          m_key(key),
          m_begin(begin),
          m_element(element) {}

    bool null() { return scalar(nullptr); }
    bool boolean(bool value) { return scalar(value); }
    bool number_integer(json::number_integer_t value) { return scalar(value); }
    bool number_unsigned(json::number_unsigned_t value) { return scalar(value); }
    bool number_float(json::number_float_t value, const json::string_t& /*text*/) { return scalar(value); }
    bool string(json::string_t& value) { return scalar(std::move(value)); }
    bool binary(json::binary_t& value) { return scalar(std::move(value)); }

    bool start_object(std::size_t /*size*/) {
        m_open.push_back(place(json::value_t::object));
        return true;
    }
    bool key(json::string_t& name) {
        json& object = *m_open.back();
        if (m_open.size() == 1) {  // a member of the root
            if (m_streamed && object.contains(name)) {
                m_abandoned = true;
                return false;  // stops the parser; the caller parses again without streaming
            }
            m_value_of_key = name == m_key;
        }
        m_member = &object[name];
        return true;
    }
    bool end_object() { return close(); }
    bool start_array(std::size_t /*size*/) {
        const bool streams = m_open.size() == 1 && m_value_of_key && !m_streamed;
        m_open.push_back(place(json::value_t::array));
        if (streams && m_begin(m_root)) {
            m_stream = m_open.back();
            m_streamed = true;
        }
        return true;
    }
    bool end_array() {
        if (m_open.back() == m_stream) m_stream = nullptr;
        return close();
    }
    template <typename Exception>
    bool parse_error(std::size_t /*byte*/, const std::string& /*token*/, const Exception& error) {
        throw error;
    }

    bool abandoned() const noexcept { return m_abandoned; }

private:
    // Where a new value goes: the root, the next element of an array, the member of the last key, or (in the
    // streamed array) the element being built.
    template <typename Value>
    json* place(Value&& value) {
        if (m_open.empty()) {
            m_root = json(std::forward<Value>(value));
            return &m_root;
        }
        json& parent = *m_open.back();
        if (&parent == m_stream) {
            m_current = json(std::forward<Value>(value));
            return &m_current;
        }
        if (parent.is_array()) {
            auto& array = parent.get_ref<json::array_t&>();
            array.emplace_back(std::forward<Value>(value));
            return &array.back();
        }
        *m_member = json(std::forward<Value>(value));
        return m_member;
    }
    template <typename Value>
    bool scalar(Value&& value) {
        if (place(std::forward<Value>(value)) == &m_current) hand_over();
        return true;
    }
    bool close() {
        m_open.pop_back();
        if (!m_open.empty() && m_open.back() == m_stream) hand_over();
        return true;
    }
    void hand_over() {
        m_element(m_current, m_index++);
        m_current = json();
    }

    json& m_root;
    std::string_view m_key;
    const Begin& m_begin;
    const Element& m_element;
    std::vector<json*> m_open;    // the arrays and objects being filled, innermost last
    json* m_member = nullptr;     // the value of the last key read
    bool m_value_of_key = false;  // the last root key read is `m_key`
    json* m_stream = nullptr;     // the streamed array while it is open
    bool m_streamed = false;
    bool m_abandoned = false;
    json m_current;  // the streamed element being built
    std::size_t m_index = 0;
};

}  // namespace

nlohmann::json parse_json_text(std::string_view text, const std::string& file, std::string_view nesting_needed) {
    return parse_reporting_errors(
        text, file, [&] { return nlohmann::json::parse(text.begin(), text.end()); }, nesting_needed);
}

std::optional<nlohmann::json>
parse_json_streaming(std::string_view text, const std::string& file, std::string_view key,
                     const std::function<bool(const nlohmann::json&)>& begin,
                     const std::function<void(const nlohmann::json&, std::size_t)>& element) {
    {
        nlohmann::json root;
        StreamingDocument document(root, key, begin, element);
        if (FastJsonReader(text, document).read()) return root;
        if (document.abandoned()) return std::nullopt;
    }
    // Outside the fast reader's subset, or not JSON at all: nlohmann's parser reads it (`begin` starts again).
    return parse_reporting_errors(text, file, [&]() -> std::optional<nlohmann::json> {
        nlohmann::json root;
        StreamingDocument document(root, key, begin, element);
        nlohmann::json::sax_parse(text.begin(), text.end(), &document);
        if (document.abandoned()) return std::nullopt;
        return root;
    });
}

std::string read_text_file(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) throw DataError(fmt::format("{}: no such file", path));
    if (fs::is_directory(status)) throw DataError(fmt::format("{}: is a directory, not a file", path));
    const std::uintmax_t size = fs::file_size(path, ec);
    if (!ec && size > k_max_file_bytes)
        throw DataError(
            fmt::format("{}: {} bytes is larger than the {} MiB limit", path, size, k_max_file_bytes / (1024 * 1024)));
    // stdio rather than a stream: it tells a read error (EIO) from the end of the file, and the loop below
    // stops at the limit even where the size is unknown (/dev/zero, a pipe).
    errno = 0;
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> in(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!in) throw DataError(fmt::format("{}: cannot be read: {}", path, reason_text(errno)));
    std::string text;
    // Room for the whole file at once where its size is known: growing by doubling would copy it and, for a
    // large catalogue, hold it twice at the peak.
    if (!ec) text.reserve(static_cast<std::size_t>(size) + 1);
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
        case nlohmann::json::value_t::string:
            return fmt::format("the string {}", quote_value(value.get_ref<const std::string&>()));
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
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
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
    const auto where = [&] { return child_path(path, key); };
    if (value == nullptr) {
        if (required) error(where(), "missing; expected a non-empty string");
        return std::nullopt;
    }
    if (!value->is_string()) {
        error(where(), fmt::format("must be a string, got {}", describe(*value)));
        return std::nullopt;
    }
    const std::string& s = value->get_ref<const std::string&>();
    if (required && s.empty()) {
        error(where(), "must not be empty");
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

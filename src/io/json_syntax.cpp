// Wording malformed JSON: where the first syntax error is (from nlohmann's SAX parser, which reports a byte
// position and the events before it) and what it is (from the bytes there, read here). No library's message text
// is used, so a reworded upstream message cannot change ours.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpucost/io/json_reader.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// Longest stretch of the document a message quotes.
constexpr std::size_t k_max_quoted_bytes = 30;
// nlohmann's exception id for a number beyond double (out_of_range.406).
constexpr int k_number_overflow_id = 406;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_structural(char c) { return c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':'; }
bool is_word(char c) { return !is_space(c) && !is_structural(c) && c != '"'; }
unsigned byte_at(std::string_view text, std::size_t i) { return static_cast<unsigned char>(text[i]); }
bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Bytes that are not printable ASCII as \xNN, so a message about binary garbage stays one readable line.
std::string printable(std::string_view text) {
    std::string out;
    for (const char c : text.substr(0, k_max_quoted_bytes)) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x7f)
            out += fmt::format("\\x{:02x}", byte);
        else
            out += c;
    }
    if (text.size() > k_max_quoted_bytes) out += "...";
    return out;
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

// Where the nesting first goes deeper than `limit` (outside strings), or text.size().
std::size_t too_deep_byte(std::string_view text, int limit) {
    int depth = 0;
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
        } else if (c == '[' || c == '{') {
            if (++depth > limit) return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return text.size();
}

// The SAX events up to the error, kept only as what the grammar expected next: the open containers and whether a
// container was just opened, a key or a value was just read.
class Locator : public nlohmann::json_sax<nlohmann::json> {
public:
    enum class Last { nothing, open, key, value };

    bool null() override { return value(); }
    bool boolean(bool /*value*/) override { return value(); }
    bool number_integer(number_integer_t /*value*/) override { return value(); }
    bool number_unsigned(number_unsigned_t /*value*/) override { return value(); }
    bool number_float(number_float_t /*value*/, const string_t& /*text*/) override { return value(); }
    bool string(string_t& /*value*/) override { return value(); }
    bool binary(binary_t& /*value*/) override { return value(); }
    bool start_object(std::size_t /*size*/) override { return open(true); }
    bool key(string_t& /*name*/) override {
        m_last = Last::key;
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t /*size*/) override { return open(false); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t position, const std::string& /*last_token*/,
                     const nlohmann::detail::exception& error) override {
        m_failed = true;
        m_position = position;
        m_id = error.id;
        return false;
    }

    bool failed() const noexcept { return m_failed; }
    std::size_t position() const noexcept { return m_position; }
    int id() const noexcept { return m_id; }

    // What could have come next, for a message; `previous` is the last byte before the offending token.
    std::string expected(char previous) const {
        if (m_open.empty()) return m_last == Last::value ? "the end of the text" : "a value";
        const bool object = m_open.back();
        switch (m_last) {
            case Last::open: return object ? "a key in double quotes or '}'" : "a value or ']'";
            case Last::key: return previous == ':' ? "a value" : "':' after the key";
            default:
                if (previous == ',') return object ? "a key in double quotes" : "a value";
                return object ? "',' or '}'" : "',' or ']'";
        }
    }

private:
    bool value() {
        m_last = Last::value;
        return true;
    }
    bool open(bool object) {
        m_open.push_back(object);
        m_last = Last::open;
        return true;
    }
    bool close() {
        m_open.pop_back();
        m_last = Last::value;
        return true;
    }

    std::vector<bool> m_open;  // true: an object
    Last m_last = Last::nothing;
    bool m_failed = false;
    std::size_t m_position = 0;
    int m_id = 0;
};

// A problem and the byte its column points at.
struct Found {
    std::size_t byte;
    std::string reason;
};

// The string literal around `byte`: its opening quote and its closing quote (npos when it never closes).
struct StringSpan {
    std::size_t open;
    std::size_t close;
};

std::optional<StringSpan> string_around(std::string_view text, std::size_t byte) {
    bool in_string = false;
    std::size_t open = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                if (byte <= i) return StringSpan{open, i};
                in_string = false;
            }
        } else if (i > byte) {
            return std::nullopt;
        } else if (c == '"') {
            in_string = true;
            open = i;
        }
    }
    if (in_string) return StringSpan{open, std::string_view::npos};
    return std::nullopt;
}

unsigned hex_value(std::string_view digits) {
    return static_cast<unsigned>(std::stoul(std::string(digits), nullptr, 16));
}

// A \u escape at `e` whose four hex digits are all there.
std::optional<unsigned> unicode_escape(std::string_view text, std::size_t e) {
    if (e + 5 >= text.size() || text[e + 1] != 'u') return std::nullopt;
    for (std::size_t k = e + 2; k <= e + 5; ++k)
        if (!is_hex(text[k])) return std::nullopt;
    return hex_value(text.substr(e + 2, 4));
}

// What is wrong at `byte` inside the string literal `s` (the lexer stopped there), or nothing when the string is
// well formed and only misplaced. Checked in the order the lexer reads: a control character, an escape, UTF-8, the
// closing quote.
std::optional<Found> string_problem(std::string_view text, StringSpan s, std::size_t byte) {
    const unsigned c = byte < text.size() ? byte_at(text, byte) : 0;
    if (byte < text.size() && c < 0x20)
        return Found{
            byte,
            fmt::format("invalid JSON: a string holds the control character U+{:04X}; write it as \\u{:04x}", c, c)};
    std::size_t escape = std::string_view::npos;
    std::size_t before = std::string_view::npos;  // the escape before that one
    for (std::size_t j = s.open + 1; j < byte && j < text.size(); ++j)
        if (text[j] == '\\') {
            before = escape;
            escape = j++;
        }
    if (escape != std::string_view::npos && byte <= escape + 11) {
        const auto code = unicode_escape(text, escape);
        const auto high =
            before != std::string_view::npos && before + 6 == escape ? unicode_escape(text, before) : std::nullopt;
        if (high && *high >= 0xD800 && *high <= 0xDBFF)
            return Found{before,
                         fmt::format("invalid JSON: \\u{:04x} starts a UTF-16 surrogate pair and must be followed "
                                     "by a low surrogate \\udc00 to \\udfff",
                                     *high)};
        if (code && *code >= 0xDC00 && *code <= 0xDFFF)
            return Found{escape, fmt::format("invalid JSON: \\u{:04x} is the second half of a UTF-16 surrogate pair, "
                                             "with no first half before it",
                                             *code)};
        if (code && *code >= 0xD800 && *code <= 0xDBFF && byte >= escape + 6)
            return Found{escape,
                         fmt::format("invalid JSON: \\u{:04x} starts a UTF-16 surrogate pair and must be followed "
                                     "by a low surrogate \\udc00 to \\udfff",
                                     *code)};
        if (byte == escape + 1)
            return Found{escape,
                         fmt::format("invalid JSON: \\{} is not a JSON escape; write \\\\, \\\", \\/, \\b, \\f, "
                                     "\\n, \\r, \\t or \\u and four hex digits",
                                     printable(text.substr(byte, 1)))};
        if (text[escape + 1] == 'u' && byte <= escape + 5)
            return Found{escape, "invalid JSON: \\u must be followed by four hex digits"};
    }
    if (c >= 0x80 || (byte > s.open + 1 && byte_at(text, byte - 1) >= 0x80)) {
        std::size_t lead = byte;
        while (lead > s.open + 1 && byte + 1 - lead < 4 && byte_at(text, lead - 1) >= 0x80) --lead;
        return Found{lead, fmt::format("invalid JSON: a string is not valid UTF-8 (bytes {}); save the file as UTF-8",
                                       printable(text.substr(lead, byte + 1 - lead)))};
    }
    if (s.close == std::string_view::npos) return Found{s.open, "invalid JSON: this string has no closing quote"};
    return std::nullopt;
}

// The run of word bytes (a number or a literal, valid or not) at or just before `byte`: [first, last).
std::pair<std::size_t, std::size_t> word_around(std::string_view text, std::size_t byte) {
    std::size_t first = byte;
    if (!is_word(text[byte]) && byte > 0 && is_word(text[byte - 1])) first = byte - 1;
    if (!is_word(text[first])) return {byte, byte};
    std::size_t last = first;
    while (first > 0 && is_word(text[first - 1])) --first;
    while (last < text.size() && is_word(text[last])) ++last;
    return {first, last};
}

char previous_byte(std::string_view text, std::size_t before) {
    while (before > 0 && is_space(text[before - 1])) --before;
    return before > 0 ? text[before - 1] : '\0';
}

// A misplaced or malformed word: a number, true/false/null, or something that is neither.
Found word_problem(std::string_view text, std::size_t first, std::size_t last, const Locator& at) {
    const std::string_view word = text.substr(first, last - first);
    const std::string expected = at.expected(previous_byte(text, first));
    for (const std::string_view non_number : {"NaN", "Infinity", "-Infinity"})
        if (word == non_number)
            return {first, fmt::format("invalid JSON: {} is not a JSON number; write a finite number", word)};
    if (word[0] == '\'') return {first, "invalid JSON: single quotes; JSON strings and keys use double quotes"};
    if (word[0] == '/') return {first, "invalid JSON: a comment; JSON has no comments"};
    if (word == "true" || word == "false" || word == "null")
        return {first, fmt::format("invalid JSON: unexpected {}; expected {}", word, expected)};
    if ((word[0] >= '0' && word[0] <= '9') || word[0] == '-') {
        const bool number = nlohmann::json::accept(word);  // a whole word of digits parses alone
        if (number) return {first, fmt::format("invalid JSON: unexpected number {}; expected {}", word, expected)};
        return {first, fmt::format("invalid JSON: {} is not a valid JSON number", printable(word))};
    }
    const bool value_expected = expected.find("value") != std::string::npos || expected.rfind("a key", 0) == 0;
    return {first, fmt::format("invalid JSON: unexpected word {}; expected {}{}", printable(word), expected,
                               value_expected ? " (a string needs double quotes)" : "")};
}

// The first problem of a text nlohmann's parser rejected, from where it stopped.
Found locate(std::string_view text, const Locator& at) {
    if (at.position() > text.size()) {
        if (const auto s = text.empty() ? std::nullopt : string_around(text, text.size() - 1))
            if (s->close == std::string_view::npos) return {s->open, "invalid JSON: this string has no closing quote"};
        return {text.size(), fmt::format("invalid JSON: the text ends early; expected {}",
                                         at.expected(previous_byte(text, text.size())))};
    }
    const std::size_t byte = at.position() == 0 ? 0 : at.position() - 1;
    if (at.id() == k_number_overflow_id) {
        std::size_t first = byte;
        while (first > 0 && is_word(text[first - 1])) --first;
        const std::string_view number = text.substr(first, byte + 1 - first);
        return {first,
                fmt::format("the number {} is too large to represent; numbers must be finite", printable(number))};
    }
    if (const auto s = string_around(text, byte)) {
        if (auto problem = string_problem(text, *s, byte)) return std::move(*problem);
        const std::string_view literal = text.substr(s->open, s->close + 1 - s->open);
        return {s->open, fmt::format("invalid JSON: unexpected string {}; expected {}", printable(literal),
                                     at.expected(previous_byte(text, s->open)))};
    }
    const char c = text[byte];
    const std::string expected = at.expected(previous_byte(text, byte));
    if (is_structural(c)) {
        // A word cut short by this byte ("tru}", "1.}") is the problem; after a whole one ("[1, 2}") the byte is.
        const auto [first, last] = word_around(text, byte);
        if (first < last && last == byte && !nlohmann::json::accept(text.substr(first, last - first)))
            return word_problem(text, first, last, at);
        return {byte, fmt::format("invalid JSON: unexpected '{}'; expected {}", c, expected)};
    }
    if (byte_at(text, byte) < 0x20 || byte_at(text, byte) >= 0x7f)
        return {byte, fmt::format("invalid JSON: unexpected byte {}; expected {}", printable(text.substr(byte, 1)),
                                  expected)};
    const auto [first, last] = word_around(text, byte);
    return word_problem(text, first, last, at);
}

}  // namespace

void check_json_depth(std::string_view text, const std::string& file, std::string_view nesting_needed) {
    const std::size_t too_deep = too_deep_byte(text, k_max_json_depth);
    if (too_deep < text.size())
        throw DataError(fmt::format("{}: {}: nested more than {} levels deep; {}", file, position_text(text, too_deep),
                                    k_max_json_depth, nesting_needed));
}

void throw_json_error(std::string_view text, const std::string& file, std::string_view nesting_needed) {
    check_json_start(text, file);
    check_json_depth(text, file, nesting_needed);
    Locator at;
    nlohmann::json::sax_parse(text.begin(), text.end(), &at);
    if (!at.failed()) return;
    const Found found = locate(text, at);
    throw DataError(fmt::format("{}: {}: {}", file, position_text(text, found.byte), found.reason));
}

}  // namespace gpucost

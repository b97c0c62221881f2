// Numbers echoed as typed: a range error on "tdp_w": 1e-400 says "got 1e-400", not "got 0" (the double it parses
// to). The field readers see only doubles, so the problems they report are mended afterwards, once per file, from
// the text: one SAX pass finds the number at each problem's JSON pointer.
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpucost/io/json_reader.hpp"
#include "gpucost/util/text.hpp"
#include "gpucost/util/typed_number.hpp"

namespace gpucost {
namespace {

// Every number of a document whose JSON pointer is wanted, as its text: a float's lexeme, an integer's digits.
class NumberTexts : public nlohmann::json_sax<nlohmann::json> {
public:
    explicit NumberTexts(const std::vector<std::string>& wanted) {
        for (const std::string& path : wanted) m_found.emplace(path, std::string());
    }

    bool null() override { return value(), true; }
    bool boolean(bool) override { return value(), true; }
    bool number_integer(number_integer_t v) override { return number(std::to_string(v)), true; }
    bool number_unsigned(number_unsigned_t v) override { return number(std::to_string(v)), true; }
    bool number_float(number_float_t, const string_t& text) override { return number(text), true; }
    bool string(string_t&) override { return value(), true; }
    bool binary(binary_t&) override { return value(), true; }
    bool start_object(std::size_t) override { return open(false), true; }
    bool key(string_t& k) override { return m_frames.back().key = k, true; }
    bool end_object() override { return close(), true; }
    bool start_array(std::size_t) override { return open(true), true; }
    bool end_array() override { return close(), true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

    // The text of the number at `path`, or empty when there is none.
    const std::string& at(const std::string& path) const { return m_found.at(path); }

private:
    struct Frame {
        bool array = false;
        std::size_t index = 0;   // the next element's, in an array
        std::string key;         // the current member's, in an object
        std::size_t length = 0;  // m_path's length at the container itself
    };

    // The pointer of the value about to be read, appended to m_path (and cut back by done()).
    void enter() {
        if (m_frames.empty()) return;
        Frame& f = m_frames.back();
        m_path.resize(f.length);
        m_path = f.array ? child_path(m_path, f.index++) : child_path(m_path, f.key);
    }
    void value() { enter(); }
    void number(const std::string& text) {
        enter();
        if (const auto it = m_found.find(m_path); it != m_found.end()) it->second = text;
    }
    void open(bool array) {
        enter();
        m_frames.push_back({array, 0, {}, m_path.size()});
    }
    void close() {
        m_frames.pop_back();
        if (!m_frames.empty()) m_path.resize(m_frames.back().length);
    }

    std::unordered_map<std::string, std::string> m_found;
    std::vector<Frame> m_frames;
    std::string m_path;
};

// The double a lexeme reads as, as exact_number prints it: what the message says now. A valid document's number
// is out of range only by underflow (an overflow is a syntax error), which every parser reads as zero.
std::string shown_now(const std::string& text) {
    double value = 0.0;
    const char* first = text.data();
    const auto [end, ec] = std::from_chars(first, first + text.size(), value);
    if (ec == std::errc::result_out_of_range) return exact_number(text.front() == '-' ? -0.0 : 0.0);
    return ec == std::errc() ? exact_number(value) : std::string();
}

bool number_char(char c) { return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-'; }

// Replaces the last "got SHOWN" in `message` that is the whole number (not "got 0" in "got 0.5") by "got TYPED".
void replace_shown(std::string& message, const std::string& shown, const std::string& typed) {
    const std::string needle = "got " + shown;
    for (std::size_t at = message.rfind(needle); at != std::string::npos;
         at = at == 0 ? std::string::npos : message.rfind(needle, at - 1)) {
        const std::size_t after = at + needle.size();
        if (after < message.size() && number_char(message[after])) continue;
        message.replace(at + 4, shown.size(), typed);
        return;
    }
}

}  // namespace

void echo_typed_numbers(std::vector<Problem>& problems, std::string_view text) {
    std::vector<std::string> wanted;
    for (const Problem& p : problems)
        if (!p.path.empty() && p.message.find("got ") != std::string::npos) wanted.push_back(p.path);
    if (wanted.empty()) return;
    NumberTexts sax(wanted);
    nlohmann::json::sax_parse(text.begin(), text.end(), &sax);
    for (Problem& p : problems) {
        if (p.path.empty() || p.message.find("got ") == std::string::npos) continue;
        const std::string& typed = sax.at(p.path);
        if (typed.empty()) continue;
        const std::string shown = shown_now(typed);
        if (!shown.empty() && shown != typed) replace_shown(p.message, shown, typed_number_text(typed));
    }
}

[[noreturn]] void rethrow_with_typed_numbers(const ValidationError& error, std::string_view text) {
    std::vector<Problem> problems = error.problems();
    echo_typed_numbers(problems, text);
    throw ValidationError(error.file(), std::move(problems), error.warnings());
}

[[noreturn]] void rethrow_with_typed_numbers(const ValidationError& error, const std::string& path) {
    // The reader freed the text to hold the file once; a failed load may read it again. Not a pipe or a device,
    // which would not give the same bytes twice.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) throw error;
    std::string text;
    try {
        text = read_text_file(path);
    } catch (const Error&) {
        throw error;
    }
    rethrow_with_typed_numbers(error, std::string_view(text));
}

}  // namespace gpucost

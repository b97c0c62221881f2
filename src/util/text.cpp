#include "gpucost/util/text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <fmt/format.h>

#include "gpucost/util/typed_number.hpp"

namespace gpucost {
namespace {

// The forbidden character at `text[i]` and its length in bytes, or {0, 0} when the character there is allowed.
struct Found {
    char32_t character = 0;
    std::size_t length = 0;
};
Found forbidden_at(std::string_view text, std::size_t i, bool allow_tab) noexcept {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte < 0x20 && !(allow_tab && byte == '\t')) || byte == 0x7f) return {byte, 1};
    if (i + 1 >= text.size()) return {};
    const auto second = static_cast<unsigned char>(text[i + 1]);
    if (byte == 0xC2 && second >= 0x80 && second <= 0x9F) return {second, 2};  // U+0080-U+009F
    if (byte != 0xE2 || i + 2 >= text.size()) return {};
    const auto third = static_cast<unsigned char>(text[i + 2]);
    const char32_t character = 0x2000u + ((second & 0x3Fu) << 6) + (third & 0x3Fu);
    if ((character >= 0x202A && character <= 0x202E) || (character >= 0x2066 && character <= 0x2069))
        return {character, 3};
    return {};
}

// Cells of the edit-distance table filled so far (the work "did you mean" costs), for tests.
std::size_t g_cells = 0;

// The edit distance of a and b when it is at most `bound`, else bound + 1: only the cells within `bound` of the
// diagonal are filled, and a row whose every cell exceeds `bound` ends the search (distances never shrink down a
// column). O(|a| x (2 bound + 1)) at worst, whatever the candidates' lengths.
std::size_t bounded_edit_distance(std::string_view a, std::string_view b, std::size_t bound) {
    const std::size_t gap = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
    if (gap > bound) return bound + 1;
    const std::size_t over = bound + 1;
    thread_local std::vector<std::size_t> row;
    row.assign(b.size() + 1, over);
    for (std::size_t j = 0; j <= std::min(b.size(), bound); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        const std::size_t from = i > bound ? i - bound : 1;
        const std::size_t to = std::min(b.size(), i + bound);
        std::size_t diagonal = row[from - 1];
        row[from - 1] = from == 1 && i <= bound ? i : over;
        std::size_t best = row[from - 1];
        for (std::size_t j = from; j <= to; ++j) {
            const std::size_t above = row[j];
            const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
            row[j] = std::min({above + 1, row[j - 1] + 1, substitution, over});
            diagonal = above;
            best = std::min(best, row[j]);
        }
        g_cells += to + 1 - from;
        if (to < b.size()) row[to + 1] = over;
        if (best > bound) return over;
    }
    return row[b.size()];
}
}  // namespace

std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates) {
    // A typo changes a few characters; also accept a candidate that contains the word or the reverse.
    const std::size_t allowed = std::max<std::size_t>(2, word.size() / 3);
    const std::string* best = nullptr;
    std::size_t best_distance = allowed + 1;
    for (const std::string& candidate : candidates) {
        // Only a candidate closer than the best so far matters: the bound shrinks as better ones are found.
        const std::size_t distance = bounded_edit_distance(word, candidate, best_distance - 1);
        if (distance < best_distance) {
            best = &candidate;
            best_distance = distance;
            if (distance == 0) break;
        }
    }
    if (best != nullptr) return *best;
    for (const std::string& candidate : candidates) {
        if (word.size() >= 3 &&
            (candidate.find(word) != std::string::npos || word.find(candidate) != std::string_view::npos))
            return candidate;
    }
    return std::nullopt;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
    const auto match = closest_match(word, candidates);
    return match ? fmt::format(" (did you mean \"{}\"?)", *match) : std::string();
}

std::string count_text(long long count, std::string_view singular) {
    // Joined in place, not by fmt::format: it is called per build at start-up (issue 21).
    std::string out = std::to_string(count);
    out.append(" ").append(singular).append(count == 1 || count == -1 ? "" : "s");
    return out;
}

std::size_t edit_distance_cells() noexcept { return g_cells; }

std::optional<double> parse_number(std::string_view text) {
    if (text.empty()) return std::nullopt;
    double value = 0.0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    // from_chars takes no '+'; skip one, but not before a '-' ("+-1" is no number).
    if (*first == '+' && ++first != last && *first == '-') return std::nullopt;
    const auto [end, ec] = std::from_chars(first, last, value, std::chars_format::general);
    // from_chars reads "nan" and "inf" as numbers; a user who typed them meant no number.
    if (ec != std::errc() || end != last || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::string typed_number_text(std::string_view text) {
    // A number a user typed is short; a hostile one may have a million digits: its head, its tail and its length.
    constexpr std::size_t k_whole = 40, k_head = 24, k_tail = 8;
    if (text.size() <= k_whole) return escape_visible(text);
    return escape_visible(text.substr(0, k_head)) + "..." + escape_visible(text.substr(text.size() - k_tail)) + " (" +
           std::to_string(text.size()) + " characters)";
}

namespace {

// Whether any of the 8 bytes in `word` may start a forbidden character: below 0x20, 0x7F, 0xC2 (a C1 control's
// lead) or 0xE2 (a bidi control's). SWAR over a word at a time: the catalogue's 300 KB of text are checked on every
// run, and a byte at a time was a tenth of `compare`'s start-up (issue 21). A false alarm only sends the word to the
// byte loop.
bool word_may_hold_forbidden(std::uint64_t word) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101ull;
    constexpr std::uint64_t highs = 0x8080808080808080ull;
    const auto has_zero = [](std::uint64_t v) { return ((v - ones) & ~v & highs) != 0; };
    // A byte below 0x20: (byte - 0x20) borrows into its top bit where the byte's own top bit was clear.
    const bool below = ((word - ones * 0x20) & ~word & highs) != 0;
    return below || has_zero(word ^ (ones * 0x7F)) || has_zero(word ^ (ones * 0xC2)) || has_zero(word ^ (ones * 0xE2));
}

}  // namespace

std::optional<char32_t> forbidden_character(std::string_view text, bool allow_tab) noexcept {
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (i + 8 <= text.size()) {
            std::uint64_t word = 0;
            std::memcpy(&word, text.data() + i, sizeof word);
            if (!word_may_hold_forbidden(word)) {
                i += 7;  // and the loop's own step
                continue;
            }
        }
        const auto byte = static_cast<unsigned char>(text[i]);
        // The common case, one comparison a byte: printable ASCII and UTF-8 that cannot start a C1 or bidi control.
        if (byte >= 0x20 && byte != 0x7f && byte != 0xC2 && byte != 0xE2) continue;
        const Found found = forbidden_at(text, i, allow_tab);
        if (found.length > 0) return found.character;
    }
    return std::nullopt;
}

std::string forbidden_character_message(char32_t character) {
    return fmt::format("control character U+{:04X} is not allowed", static_cast<std::uint32_t>(character));
}

namespace {
void append_escaped(std::string& out, const Found& found) {
    if (found.character < 0x80)
        out += fmt::format("\\x{:02x}", static_cast<unsigned>(found.character));
    else
        out += fmt::format("\\u{:04x}", static_cast<std::uint32_t>(found.character));
}
}  // namespace

std::string escape_visible(std::string_view text) {
    if (!forbidden_character(text)) return std::string(text);
    std::string out;
    out.reserve(text.size() + 8);
    for (std::size_t i = 0; i < text.size();) {
        const Found found = forbidden_at(text, i, false);
        if (found.length == 0) {
            out += text[i++];
            continue;
        }
        append_escaped(out, found);
        i += found.length;
    }
    return out;
}

std::string escape_html(std::string_view text, bool quotes) {
    const std::string visible = escape_visible(text);
    if (visible.find_first_of(quotes ? "&<>\"" : "&<>") == std::string::npos) return visible;
    std::string out;
    out.reserve(visible.size() + 16);
    for (const char c : visible) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += quotes ? "&quot;" : "\""; break;
            default: out += c;
        }
    }
    return out;
}

std::string quote_value(std::string_view text) {
    constexpr std::size_t k_max_shown = 60;  // keep an error on one readable line
    std::string out = "\"";
    std::size_t shown = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        const auto byte = static_cast<unsigned char>(ch);
        if (shown == k_max_shown) {
            // Never cut inside a UTF-8 sequence: when the cut falls on a continuation byte, drop the sequence's
            // first bytes too, so the message stays valid UTF-8.
            if ((byte & 0xC0) == 0x80) {
                while ((static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
                if (static_cast<unsigned char>(out.back()) >= 0xC0) out.pop_back();
            }
            out += "...";
            break;
        }
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (const Found found = forbidden_at(text, i, false); found.length > 0) {
            append_escaped(out, found);
            i += found.length - 1;
        } else {
            out += ch;
        }
        ++shown;
    }
    out += '"';
    return out;
}

// + 0.0: a zero reads "0", never "-0" (IEEE: -0 + 0 == +0).
std::string exact_number(double value) { return fmt::format("{}", value + 0.0); }

std::string csv_field(std::string_view text) {
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
    std::string out = "\"";
    for (const char ch : text) {
        if (ch == '"') out += '"';
        out += ch;
    }
    return out + "\"";
}

std::string formula_guarded(std::string text) {
    // A spreadsheet runs a cell that starts with one of these as a formula (=HYPERLINK(...), +cmd|...): a leading
    // apostrophe makes it text, as OWASP's CSV-injection advice says, and shows nothing in the cell.
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos) return "'" + text;
    return text;
}

std::optional<std::size_t> invalid_utf8_at(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        std::size_t length = 0;
        unsigned char low = 0x80;  // range of the first continuation byte (rules out overlongs and surrogates)
        unsigned char high = 0xBF;
        if (lead < 0x80)
            length = 1;
        else if (lead >= 0xC2 && lead <= 0xDF)
            length = 2;
        else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            if (lead == 0xE0) low = 0xA0;
            if (lead == 0xED) high = 0x9F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            if (lead == 0xF0) low = 0x90;
            if (lead == 0xF4) high = 0x8F;
        } else {
            return i;
        }
        if (i + length > text.size()) return i;
        for (std::size_t k = 1; k < length; ++k) {
            const auto byte = static_cast<unsigned char>(text[i + k]);
            const unsigned char min = k == 1 ? low : 0x80;
            const unsigned char max = k == 1 ? high : 0xBF;
            if (byte < min || byte > max) return i;
        }
        i += length;
    }
    return std::nullopt;
}

bool is_valid_date(std::string_view date) {
    const auto digits = [&](std::size_t from, std::size_t count) {
        if (date.size() < from + count) return false;
        return std::all_of(date.begin() + static_cast<std::ptrdiff_t>(from),
                           date.begin() + static_cast<std::ptrdiff_t>(from + count),
                           [](char c) { return c >= '0' && c <= '9'; });
    };
    const auto number = [&](std::size_t from, std::size_t count) {
        int n = 0;
        for (std::size_t i = from; i < from + count; ++i) n = n * 10 + (date[i] - '0');
        return n;
    };
    if (date.size() != 7 && date.size() != 10) return false;
    if (!digits(0, 4) || date[4] != '-' || !digits(5, 2)) return false;
    const int year = number(0, 4);
    const int month = number(5, 2);
    if (year < k_first_year || month < 1 || month > 12) return false;
    if (date.size() == 7) return true;
    if (date[7] != '-' || !digits(8, 2)) return false;
    const int day = number(8, 2);
    static constexpr int k_days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int max_day = month == 2 && !leap ? 28 : k_days[month - 1];
    return day >= 1 && day <= max_day;
}

std::string date_range_note(std::string_view date) {
    if (date.size() < 5 || date[4] != '-') return "";
    int year = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        if (date[i] < '0' || date[i] > '9') return "";
        year = year * 10 + (date[i] - '0');
    }
    return year < k_first_year ? fmt::format("; dates start at {}-01-01", k_first_year) : "";
}

std::string range_text(double min, double max, bool min_exclusive, std::string_view unit) {
    std::string range = fmt::format("{}{}, {}]", min_exclusive ? '(' : '[', exact_number(min), exact_number(max));
    if (!unit.empty()) range += fmt::format(" {}", unit);
    return range;
}

}  // namespace gpucost

// util/text.hpp: the helpers every message and every parser leans on, checked directly from hand-worked tables
// (before, they were covered only through CLI goldens).
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/util/text.hpp"

using gpucost::closest_match;
using gpucost::csv_field;
using gpucost::did_you_mean;
using gpucost::exact_number;
using gpucost::invalid_utf8_at;
using gpucost::is_valid_date;
using gpucost::parse_number;
using gpucost::quote_value;

using namespace std::string_literals;

namespace {

std::string repeat(const std::string& text, int times) {
    std::string out;
    for (int i = 0; i < times; ++i) out += text;
    return out;
}

}  // namespace

TEST_CASE("closest_match: within max(2, length / 3) edits, else a candidate containing the word or inside it") {
    const std::vector<std::string> builds = {"box-a4", "box-b2", "rack-h8"};
    struct Case {
        const char* word;
        std::optional<std::string> match;
    };
    const std::vector<Case> cases = {
        {"box-a4", "box-a4"},          // 0 edits
        {"box-a5", "box-a4"},          // 1 substitution; box-b2 is 2 away, the nearer wins
        {"bx-a4", "box-a4"},           // 1 deletion
        {"boxx-a4", "box-a4"},         // 1 insertion
        {"box-c3", "box-a4"},          // 2 edits to both box-a4 and box-b2: the first listed wins the tie
        {"rack-x9", "rack-h8"},        // 2 edits, allowed 2
        {"rck-x9", std::nullopt},      // 3 edits, allowed max(2, 6 / 3) = 2, and no containment
        {"box", "box-a4"},             // 3 edits, but "box-a4" contains "box" (words of 3 or more letters)
        {"rack-h8-x2", "rack-h8"},     // 3 deletions, allowed max(2, 10 / 3) = 3
        {"rack-h8-extra", "rack-h8"},  // 6 deletions, allowed 13 / 3 = 4, but the word contains "rack-h8"
        {"zzzz", std::nullopt},        // nothing near
        {"BOX-A4", std::nullopt},      // case counts: 4 substitutions
    };
    for (const Case& c : cases) {
        CAPTURE(c.word);
        CHECK(closest_match(c.word, builds) == c.match);
    }
    // A long word allows more edits: 12 letters allow 12 / 3 = 4.
    CHECK(closest_match("abcdefghijkl", {"abcdwxyzijkl"}) == "abcdwxyzijkl");  // 4 substitutions
    CHECK(closest_match("abcdefghijkl", {"abcvwxyzijkl"}) == std::nullopt);    // 5 substitutions
    // Containment needs at least 3 letters: "ab" is 4 edits from "abcdef", and too short to be looked for inside.
    CHECK(closest_match("ab", {"abcdef"}) == std::nullopt);
    CHECK(closest_match("anything", {}) == std::nullopt);
}

TEST_CASE("did_you_mean: the suggestion as a ready sentence tail, or nothing") {
    CHECK(did_you_mean("box-a5", {"box-a4", "box-b2"}) == " (did you mean \"box-a4\"?)");
    CHECK(did_you_mean("zzzz", {"box-a4", "box-b2"}).empty());
    CHECK(did_you_mean("x", {}).empty());
}

TEST_CASE("parse_number: a whole finite decimal number, nothing else") {
    struct Case {
        const char* text;
        std::optional<double> value;
    };
    const std::vector<Case> cases = {
        {"1", 1.0},
        {"+1", 1.0},  // one leading '+' is allowed (std::from_chars alone refuses it)
        {"-1", -1.0},
        {"0.1", 0.1},
        {".5", 0.5},
        {"5.", 5.0},
        {"00012", 12.0},
        {"1e5", 1e5},
        {"1E5", 1e5},
        {"-.5e-1", -0.05},
        {"1.7976931348623157e308", 1.7976931348623157e308},  // the largest double
        {"4.9e-324", 4.9e-324},                              // the smallest subnormal reads as itself
        {"", std::nullopt},
        {"+", std::nullopt},
        {"-", std::nullopt},
        {"+-1", std::nullopt},  // a sign after the '+': no number (was read as -1)
        {"++1", std::nullopt},
        {" 1", std::nullopt},  // no surrounding spaces
        {"1 ", std::nullopt},
        {"1,5", std::nullopt},  // no decimal comma, no thousands separator
        {"1_0", std::nullopt},
        {"0x10", std::nullopt},  // no hexadecimal
        {"1e", std::nullopt},
        {"e5", std::nullopt},
        {"1e400", std::nullopt},  // out of range
        {"1.8e308", std::nullopt},
        {"1e-400", std::nullopt},  // underflows to zero: out of range too, not silently 0
        {"nan", std::nullopt},     // from_chars reads these; a user who typed them meant no number
        {"inf", std::nullopt},
        {"-inf", std::nullopt},
        {"infinity", std::nullopt},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        CHECK(parse_number(c.text) == c.value);
    }
    // An embedded NUL is trailing text.
    CHECK(parse_number(std::string_view("3\0", 2)) == std::nullopt);
    // "-0" is negative zero, which compares equal to 0: check the sign bit.
    const auto negative_zero = parse_number("-0");
    REQUIRE(negative_zero);
    CHECK(*negative_zero == 0.0);
    CHECK(std::signbit(*negative_zero));
}

TEST_CASE("exact_number: the shortest text that reads back as the same double") {
    struct Case {
        double value;
        const char* text;
    };
    const std::vector<Case> cases = {
        {0.1, "0.1"},  // not 0.1000000000000000055511151231257827
        {3.0, "3"},
        {-1.5, "-1.5"},
        {0.0, "0"},
        {-0.0, "0"},  // no figure reads "-0" (issue 10): a zero is a zero
        {0.1 + 0.2, "0.30000000000000004"},
        {1.0 / 3.0, "0.3333333333333333"},
        {123456.789, "123456.789"},
        {1e15, "1000000000000000"},  // fixed up to 16 digits, then an exponent
        {1e16, "1e+16"},
        {1e300, "1e+300"},
        {1e-4, "0.0001"},
        {1e-5, "1e-05"},
        {4.9406564584124654e-324, "5e-324"},  // the smallest subnormal
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        CHECK(exact_number(c.value) == c.text);
        // Round trip: parse_number reads the text back bit for bit, except that -0 deliberately reads back as 0.
        const auto back = parse_number(exact_number(c.value));
        REQUIRE(back);
        CHECK(*back == c.value);
        CHECK(std::signbit(*back) == (std::signbit(c.value) && c.value != 0.0));
    }
}

TEST_CASE("quote_value: quoted, escaped, and cut after 60 bytes without splitting a UTF-8 character") {
    const std::string x60(60, 'x');
    struct Case {
        const char* name;
        std::string text;
        std::string quoted;
    };
    const std::vector<Case> cases = {
        {"plain", "abc", "\"abc\""},
        {"empty", "", "\"\""},
        {"quote and backslash", "a\"b\\c", "\"a\\\"b\\\\c\""},
        {"control characters as \\x escapes", "a\nb\tc\rd\x01\x1f", "\"a\\x0ab\\x09c\\x0dd\\x01\\x1f\""},
        {"DEL", "\x7f", "\"\\x7f\""},
        {"NUL", "a\0b"s, "\"a\\x00b\""},
        {"UTF-8 kept as is", "caf\xc3\xa9", "\"caf\xc3\xa9\""},
        {"exactly 60: not cut", x60, "\"" + x60 + "\""},
        {"61: cut after 60", x60 + "y", "\"" + x60 + "...\""},
        {"5 MB: cut after 60", std::string(5'000'000, 'x'), "\"" + x60 + "...\""},
        // An escape counts as one byte shown: 60 newlines show as 60 escapes.
        {"escapes count once", std::string(61, '\n'), "\"" + repeat("\\x0a", 60) + "...\""},
        // 59 x then "é" (C3 A9): the cut after byte 60 would fall between C3 and A9; the whole "é" goes instead.
        {"no cut inside a 2-byte character", std::string(59, 'x') + "\xc3\xa9yy",
         "\"" + std::string(59, 'x') + "...\""},
        // 58 x then "€" (E2 82 AC): bytes 59 and 60 are E2 82; the character goes whole.
        {"no cut inside a 3-byte character", std::string(58, 'x') + "\xe2\x82\xac",
         "\"" + std::string(58, 'x') + "...\""},
        // 57 x then U+1F600 (F0 9F 98 80): 3 of its 4 bytes fit; none is shown.
        {"no cut inside a 4-byte character", std::string(57, 'x') + "\xf0\x9f\x98\x80z",
         "\"" + std::string(57, 'x') + "...\""},
        // 58 x then "é" ends exactly at byte 60: kept whole, then cut.
        {"a character that ends at the cut stays", std::string(58, 'x') + "\xc3\xa9z",
         "\"" + std::string(58, 'x') + "\xc3\xa9...\""},
    };
    for (const Case& c : cases) {
        CAPTURE(c.name);
        const std::string quoted = quote_value(c.text);
        CHECK(quoted == c.quoted);
        CHECK(invalid_utf8_at(quoted) == std::nullopt);
    }
}

TEST_CASE("csv_field: RFC 4180 quoting only where needed") {
    struct Case {
        std::string text;
        std::string field;
    };
    const std::vector<Case> cases = {
        {"plain", "plain"},
        {"", ""},
        {" spaced ", " spaced "},  // spaces are data, not a reason to quote
        {"semi;colon", "semi;colon"},
        {"a,b", "\"a,b\""},
        {"say \"hi\"", "\"say \"\"hi\"\"\""},  // inner quotes doubled
        {"\"", "\"\"\"\""},
        {"two\nlines", "\"two\nlines\""},
        {"cr\rhere", "\"cr\rhere\""},
        {"crlf\r\n", "\"crlf\r\n\""},
        {"caf\xc3\xa9", "caf\xc3\xa9"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        CHECK(csv_field(c.text) == c.field);
    }
}

TEST_CASE("invalid_utf8_at: the offset of the first byte that does not start a well-formed sequence") {
    struct Case {
        const char* name;
        std::string text;
        std::optional<std::size_t> at;
    };
    const std::vector<Case> cases = {
        {"empty", "", std::nullopt},
        {"ASCII", "hello", std::nullopt},
        {"NUL is ASCII", "a\0b"s, std::nullopt},
        {"2-byte é", "caf\xc3\xa9", std::nullopt},
        {"3-byte €", "\xe2\x82\xac", std::nullopt},
        {"4-byte U+1F600", "\xf0\x9f\x98\x80", std::nullopt},
        {"the largest code point U+10FFFF", "\xf4\x8f\xbf\xbf", std::nullopt},
        {"U+D7FF, just below the surrogates", "\xed\x9f\xbf", std::nullopt},
        {"U+E000, just above them", "\xee\x80\x80", std::nullopt},
        {"a lone continuation byte", "ab\x80", 2},
        {"Latin-1 é", "caf\xe9", 3},
        {"overlong C0 80 (NUL in two bytes)", "\xc0\x80", 0},
        {"overlong C1 BF", "x\xc1\xbf", 1},
        {"overlong E0 80 80", "\xe0\x80\x80", 0},
        {"overlong E0 9F BF (U+07FF in three bytes)", "\xe0\x9f\xbf", 0},
        {"overlong F0 80 80 80", "\xf0\x80\x80\x80", 0},
        {"surrogate ED A0 80 (U+D800)", "ok\xed\xa0\x80", 2},
        {"beyond U+10FFFF: F4 90 80 80", "\xf4\x90\x80\x80", 0},
        {"F5 never starts a sequence", "\xf5\x80\x80\x80", 0},
        {"FF", "a\xff", 1},
        {"truncated 2-byte at the end", "abc\xc3", 3},
        {"truncated 3-byte at the end", "\xe2\x82", 0},
        {"truncated 4-byte at the end", "x\xf0\x9f\x98", 1},
        {"a 2-byte lead followed by ASCII", "\xc3(", 0},
        {"bad third byte", "\xe2\x82(", 0},
        {"the first of two errors", "\xc3\xa9\x80\xff", 2},
        {"a UTF-8 BOM is well-formed", "\xef\xbb\xbf{}", std::nullopt},
    };
    for (const Case& c : cases) {
        CAPTURE(c.name);
        CHECK(invalid_utf8_at(c.text) == c.at);
    }
}

TEST_CASE("is_valid_date: YYYY-MM-DD or YYYY-MM, a real month and day, from 1990") {
    struct Case {
        const char* text;
        bool valid;
    };
    const std::vector<Case> cases = {
        {"2026-11-30", true},
        {"2026-11", true},  // a month: the figure is as of that month
        {"2026-12-31", true},
        {"2026-01-01", true},
        {"2026-04-30", true},
        {"2026-04-31", false},  // April has 30 days
        {"2026-02-28", true},
        {"2026-02-29", false},  // 2026 is no leap year
        {"2024-02-29", true},   // divisible by 4
        {"2100-02-29", false},  // divisible by 100, not by 400
        {"2000-02-29", true},   // divisible by 400
        {"2024-02-30", false},
        {"2026-01-00", false},
        {"2026-01-32", false},
        {"2026-00", false},
        {"2026-13", false},
        {"2026-13-01", false},
        {"1990-01", true},  // the oldest accepted year: an older figure is a typo
        {"1989-12-31", false},
        {"9999-12-31", true},
        {"2026-1-01", false},  // two-digit month and day
        {"2026-01-1", false},
        {"26-01-01", false},
        {"2026/01/01", false},
        {"2026-01-01 ", false},  // nothing before or after
        {" 2026-01-01", false},
        {"2026-01-01T00:00", false},
        {"2026-0a-01", false},
        {"+026-01-01", false},
        {"2026-1", false},
        {"2026", false},
        {"", false},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        CHECK(is_valid_date(c.text) == c.valid);
    }
}

TEST_CASE("forbidden_character: found at every offset and beside every neighbour a word at a time could hide it") {
    // Each forbidden character placed at each offset of a 40-byte ASCII line, so it falls in every byte of an
    // 8-byte word and in the tail after the last whole word; the first one is reported.
    const std::vector<std::pair<std::string, char32_t>> hostile = {
        {"\x1b", 0x1B},     {std::string(1, '\0'), 0x00}, {"\x1f", 0x1F},           {"\x7f", 0x7F},
        {"\xC2\x85", 0x85}, {"\xC2\x9F", 0x9F},           {"\xE2\x80\xAE", 0x202E}, {"\xE2\x81\xA9", 0x2069}};
    for (const auto& [bytes, code] : hostile) {
        for (std::size_t at = 0; at + bytes.size() <= 40; ++at) {
            std::string line(40, 'a');
            line.replace(at, bytes.size(), bytes);
            INFO("code " << static_cast<unsigned>(code) << " at " << at);
            CHECK(gpucost::forbidden_character(line) == code);
        }
    }
    // Bytes a word test could mistake: 0x20 (the first allowed), 0x7E, 0xC3 (é's lead), 0xE2 starting an
    // allowed character (U+20AC, the euro sign), 0xC2 starting one (U+00A0, the no-break space). None is forbidden.
    for (const char* fine : {"                ", "~~~~~~~~~~~~~~~~", "caf\xC3\xA9 caf\xC3\xA9 caf\xC3\xA9",
                             "\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC 12",
                             "a\xC2\xA0"
                             "b\xC2\xA0"
                             "c\xC2\xA0"
                             "d\xC2\xA0"})
        CHECK_FALSE(gpucost::forbidden_character(fine));
    CHECK(gpucost::forbidden_character("0123456\t89", true) == std::nullopt);  // a tab allowed in prose
    CHECK(gpucost::forbidden_character("0123456\t89", false) == U'\t');
}

TEST_CASE("escape_html: controls made visible, then markup written as character references") {
    CHECK(gpucost::escape_html("<img src=x onerror=\"a()\"> & co") ==
          "&lt;img src=x onerror=&quot;a()&quot;&gt; &amp; co");
    CHECK(gpucost::escape_html("c\x1b[2J.json") == "c\\x1b[2J.json");       // ESC as escape_visible shows it
    CHECK(gpucost::escape_html("\xE2\x80\xAE<b>") == "\\u202e&lt;b&gt;");   // a bidi override, then markup
    CHECK(gpucost::escape_html("don't") == "don't");                        // an apostrophe is inert here
    CHECK(gpucost::escape_html("plain text, 100%") == "plain text, 100%");  // nothing to escape: unchanged
}

// Small text helpers shared by the parsers and the CLI.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpucost {

// The closest candidate to `word` by edit distance, if close enough to be a likely typo.
std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates);

// " (did you mean \"x\"?)" for the closest candidate, or "" when none is close. The edit distance is bounded (a
// candidate further than a typo away costs a few cells, not its whole table), so a file of many bad references
// against many ids stays fast.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

// "1 month", "3 months": a count with its noun, singular for one.
std::string count_text(long long count, std::string_view singular);

// How many edit-distance cells closest_match has filled in this process: its work, for tests to bound.
std::size_t edit_distance_cells() noexcept;

// Parses a whole string as a finite decimal number (no trailing text, no nan/inf); empty on failure.
std::optional<double> parse_number(std::string_view text);

// The first character of `text` that must not reach a terminal, if any: a C0 control (U+0000-U+001F; a tab only
// when `allow_tab` is false), DEL, a C1 control (U+0080-U+009F) or a bidirectional override or isolate
// (U+202A-U+202E, U+2066-U+2069). `text` is well-formed UTF-8.
std::optional<char32_t> forbidden_character(std::string_view text, bool allow_tab = false) noexcept;
// "control character U+001B is not allowed": the message for forbidden_character's finding.
std::string forbidden_character_message(char32_t character);

// `text` with every character forbidden_character finds (tabs too) made visible: `\x1b` for C0 and DEL,
// `\u0085` for C1, `\u202e` for the bidirectional controls. Everything else, backslashes included, is kept.
std::string escape_visible(std::string_view text);

// `text` for markdown or HTML: escape_visible's controls made visible, then `&`, `<`, `>` and `"` written as
// character references, so no text from a file name, a flag or a catalogue becomes markup (an apostrophe is kept:
// it is inert outside a single-quoted attribute, which no writer uses). The one escaping of the markdown and HTML
// writers; terminal text uses escape_visible alone. With `quotes` false, `"` is kept: text outside any tag (a
// markdown cell) cannot close an attribute, so a quote there is only a quote.
std::string escape_html(std::string_view text, bool quotes = true);

// `text` quoted for a message, with control characters escaped (as escape_visible does) and long values cut: "abc".
std::string quote_value(std::string_view text);

// Shortest text that reads back as exactly `value` (round-trip), e.g. 0.1 -> "0.1", 3 -> "3".
std::string exact_number(double value);

// A CSV field with RFC 4180 quoting: quoted when it holds a comma, a quote or a line break, inner quotes doubled.
std::string csv_field(std::string_view text);
// Text a spreadsheet would run as a formula (one starting with =, +, -, @, a tab or a carriage return) with a leading
// apostrophe, which makes it text; any other text as it is. For text cells of CSV and TSV, never for numeric ones.
std::string formula_guarded(std::string text);

// The offset of the first byte that is not part of well-formed UTF-8, if any.
std::optional<std::size_t> invalid_utf8_at(std::string_view text);

// The first year a date may have: no GPU price list is older.
inline constexpr int k_first_year = 1990;

// True when `date` is YYYY-MM-DD or YYYY-MM with a real month and day, from k_first_year on.

bool is_valid_date(std::string_view date);
// "; dates start at 1990-01-01" when `date` starts with a year before k_first_year (well formed or not), else "":
// the end of a "must be a date" message, which would otherwise leave a 1989 date's fault unsaid.
std::string date_range_note(std::string_view date);

// A range as a human reads it, with its unit when given: "[0, 168] h/week", "(0, 50]".
std::string range_text(double min, double max, bool min_exclusive, std::string_view unit = "");

}  // namespace gpucost

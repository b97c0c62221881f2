// Small text helpers shared by the parsers and the CLI.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpucost {

// The closest candidate to `word` by edit distance, if close enough to be a likely typo.
std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates);

// " (did you mean \"x\"?)" for the closest candidate, or "" when none is close.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

// Parses a whole string as a finite decimal number (no trailing text, no nan/inf); empty on failure.
std::optional<double> parse_number(std::string_view text);

// `text` quoted for a message, with control characters escaped and long values cut: "abc".
std::string quote_value(std::string_view text);

// Shortest text that reads back as exactly `value` (round-trip), e.g. 0.1 -> "0.1", 3 -> "3".
std::string exact_number(double value);

// A CSV field with RFC 4180 quoting: quoted when it holds a comma, a quote or a line break, inner quotes doubled.
std::string csv_field(std::string_view text);
// A CSV field for a text column: as csv_field, and a value a spreadsheet would run as a formula (one starting with
// =, +, -, @, a tab or a carriage return) gets a leading apostrophe. Never for numeric columns.
std::string csv_text_field(std::string_view text);

// The offset of the first byte that is not part of well-formed UTF-8, if any.
std::optional<std::size_t> invalid_utf8_at(std::string_view text);

// True when `date` is YYYY-MM-DD or YYYY-MM with a real month and day.
bool is_valid_date(std::string_view date);

// A range as a human reads it, with its unit when given: "[0, 168] h/week", "(0, 50]".
std::string range_text(double min, double max, bool min_exclusive, std::string_view unit = "");

}  // namespace gpucost

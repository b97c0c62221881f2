// RFC 4180 CSV reading for `gpucost catalog import`, with errors that name the file, the line and the column.
// A pure function of its input (no I/O), so it can be fuzzed directly.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpucost {

// One record after the header.
struct CsvRow {
    std::size_t line = 0;            // 1-based line where the record starts
    std::vector<std::string> cells;  // as many as the header has columns
};

// A parsed file: its header and its records.
struct CsvTable {
    std::string file;  // for messages
    std::vector<std::string> header;
    std::vector<CsvRow> rows;

    // The index of a column by exact name, if present.
    std::optional<std::size_t> column(std::string_view name) const;
};

// Parses RFC 4180 CSV: ',' separates fields, CRLF or LF ends a record, a field in double quotes may hold
// ',', line breaks and doubled quotes (""). The first record is the header (non-empty, unique names).
// A UTF-8 byte-order mark is skipped; blank lines are skipped. Every record must have as many fields as the header.
// Throws DataError "FILE: line N: ..." for an empty file, a UTF-16 file, bytes that are not UTF-8, an unterminated
// quote, text after a closing quote, a quote inside an unquoted field, a NUL byte, a duplicate or empty column name, or
// a record of the wrong width.
CsvTable parse_csv(std::string_view text, const std::string& file);

}  // namespace gpucost

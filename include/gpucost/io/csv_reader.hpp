// RFC 4180 CSV reading for `gpucost catalog import`, with errors that name the file, the line and the column.
// The reader pulls its text in chunks from a source and hands out one record at a time, so a price list of any
// size is read holding one record (and one chunk); it does no I/O itself, so it can be fuzzed directly.
#pragma once

#include <cstddef>
#include <functional>
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

// The next piece of a file's text; empty at the end. The view must stay valid until the next call.
using CsvSource = std::function<std::string_view()>;

// Reads RFC 4180 CSV: ',' separates fields, CRLF or LF ends a record, a field in double quotes may hold ',', line
// breaks and doubled quotes (""). The first record is the header (non-empty, unique names). A UTF-8 byte-order mark
// is skipped; blank lines are skipped. Every record must have as many fields as the header.
// Throws DataError "FILE: line N: ..." for an empty file, a UTF-16 file, bytes that are not UTF-8, an unterminated
// quote, text after a closing quote, a quote inside an unquoted field, a NUL byte, a duplicate or empty column name,
// or a record of the wrong width; each when the reader reaches it (the header's at construction).
class CsvReader {
public:
    CsvReader(CsvSource source, std::string file_name);

    const std::string& file() const noexcept { return m_table.file; }
    const std::vector<std::string>& header() const noexcept { return m_table.header; }
    // The header as a table without rows: for messages and column lookups.
    const CsvTable& table() const noexcept { return m_table; }
    // The next record into `row` (its storage reused); false at the end of the file.
    bool next(CsvRow& row);

private:
    bool fill();
    bool ensure(std::size_t count);
    char at(std::size_t offset) const { return m_buffer[m_pos + offset]; }
    bool read_record(std::vector<std::string>& record, std::size_t& count, std::size_t& line);
    void quoted_field(std::string& field);
    void check_field(const std::string& field, std::size_t line) const;

    CsvSource m_source;
    CsvTable m_table;
    std::string m_buffer;  // text read and not yet consumed, from m_pos
    std::size_t m_pos = 0;
    bool m_end = false;
    std::size_t m_line = 1;
    std::vector<std::string> m_spare;  // a record's storage between calls
};

// A source of one whole text.
CsvSource csv_text_source(std::string_view text);

// Reads a whole text into a table (CsvReader's rules); for tests and small files.
CsvTable parse_csv(std::string_view text, const std::string& file);

}  // namespace gpucost

#include "gpucost/io/csv_reader.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {

std::optional<std::size_t> CsvTable::column(std::string_view name) const {
    const auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end()) return std::nullopt;
    return static_cast<std::size_t>(it - header.begin());
}

namespace {

constexpr const char* k_nul_byte = "contains a NUL byte; this is not a text CSV file";

[[noreturn]] void fail_at(const std::string& file, std::size_t line, const std::string& what) {
    throw DataError(fmt::format("{}: line {}: {}", file, line, what));
}

// Every field may end up in JSON, which holds only UTF-8: reject other text before reading any record.
void check_utf8(std::string_view text, const std::string& file) {
    // Excel's "Unicode text" and PowerShell write UTF-16; name it rather than report its first odd byte.
    if (text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF")
        fail_at(file, 1, "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8");
    if (const auto bad = invalid_utf8_at(text)) {
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(*bad), '\n');
        fail_at(file, static_cast<std::size_t>(line),
                fmt::format("byte 0x{:02x} is not valid UTF-8; save the file as UTF-8",
                            static_cast<unsigned char>(text[*bad])));
    }
}

// The records of a file as read, header first, each with the line it starts on; blank lines give none.
struct Records {
    std::vector<std::vector<std::string>> cells;
    std::vector<std::size_t> lines;
};

// RFC 4180's records, one character at a time, counting lines for messages.
class RecordReader {
public:
    RecordReader(std::string_view text, const std::string& file)
        : m_text(text),
          m_file(file) {}

    Records read() {
        while (m_i < m_text.size()) {
            const char c = m_text[m_i];
            if (c == '\0') fail_at(m_file, m_line, k_nul_byte);
            if (!m_field_started && m_record.empty()) m_record_line = m_line;
            if (c == '"') {
                quoted_field();
            } else if (c == ',') {
                m_record.push_back(std::move(m_field));
                m_field.clear();
                m_field_started = true;
                ++m_i;
            } else if (c == '\r' || c == '\n') {
                if (c == '\r' && m_i + 1 < m_text.size() && m_text[m_i + 1] == '\n') ++m_i;
                ++m_i;
                end_record();
                ++m_line;
            } else {
                m_field += c;
                m_field_started = true;
                ++m_i;
            }
        }
        end_record();
        return std::move(m_records);
    }

private:
    // At an opening quote: the field runs to the next lone quote, and must end there.
    void quoted_field() {
        if (m_field_started && !m_field.empty())
            fail_at(m_file, m_line,
                    fmt::format("a quote inside an unquoted field ({}); quote the whole field and double the "
                                "quote (\"\")",
                                quote_value(m_field)));
        const std::size_t open_line = m_line;
        m_field_started = true;
        ++m_i;
        if (!quoted_text()) fail_at(m_file, open_line, "a quoted field is never closed (missing '\"')");
        if (m_i < m_text.size() && m_text[m_i] != ',' && m_text[m_i] != '\n' && m_text[m_i] != '\r') {
            const std::size_t cut = std::min(m_text.find_first_of("\r\n", m_i), m_i + 20);
            fail_at(m_file, m_line,
                    fmt::format("text after the closing quote of a field ({}); a quoted field must end at ',' "
                                "or the end of the line",
                                quote_value(m_text.substr(m_i, cut - m_i))));
        }
    }

    // A quoted field's text, "" read as ", up to and past its closing quote; false when the file ends first.
    bool quoted_text() {
        while (m_i < m_text.size()) {
            const char q = m_text[m_i];
            if (q == '\0') fail_at(m_file, m_line, k_nul_byte);
            if (q == '"') {
                if (m_i + 1 < m_text.size() && m_text[m_i + 1] == '"') {
                    m_field += '"';
                    m_i += 2;
                    continue;
                }
                ++m_i;
                return true;
            }
            if (q == '\n') ++m_line;
            m_field += q;
            ++m_i;
        }
        return false;
    }

    void end_record() {
        if (m_field_started || !m_record.empty()) {
            m_record.push_back(std::move(m_field));
            m_records.cells.push_back(std::move(m_record));
            m_records.lines.push_back(m_record_line);
        }
        m_record.clear();
        m_field.clear();
        m_field_started = false;
    }

    std::string_view m_text;
    const std::string& m_file;
    std::size_t m_i = 0;
    std::size_t m_line = 1;
    std::size_t m_record_line = 1;
    bool m_field_started = false;  // the record has at least one field begun (distinguishes a blank line)
    std::vector<std::string> m_record;
    std::string m_field;
    Records m_records;
};

// The header must name every column once; every record must be as wide as it.
CsvTable table_of(Records records, const std::string& file) {
    if (records.cells.empty())
        throw DataError(fmt::format("{}: empty; expected a header row and at least one record", file));
    CsvTable table;
    table.file = file;
    table.header = std::move(records.cells.front());
    const std::size_t header_line = records.lines.front();
    for (std::size_t c = 0; c < table.header.size(); ++c) {
        const std::string& name = table.header[c];
        const auto before = table.header.begin() + static_cast<std::ptrdiff_t>(c);
        if (name.empty()) fail_at(file, header_line, fmt::format("column {} of the header has no name", c + 1));
        if (std::find(table.header.begin(), before, name) != before)
            fail_at(file, header_line, fmt::format("column {} appears twice in the header", quote_value(name)));
    }
    for (std::size_t r = 1; r < records.cells.size(); ++r) {
        std::vector<std::string>& cells = records.cells[r];
        if (cells.size() != table.header.size())
            fail_at(file, records.lines[r],
                    fmt::format("{} field{}, but the header has {} columns", cells.size(), cells.size() == 1 ? "" : "s",
                                table.header.size()));
        table.rows.push_back({records.lines[r], std::move(cells)});
    }
    return table;
}

}  // namespace

CsvTable parse_csv(std::string_view text, const std::string& file) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    check_utf8(text, file);
    return table_of(RecordReader(text, file).read(), file);
}

}  // namespace gpucost

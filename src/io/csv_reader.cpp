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

}  // namespace

CsvSource csv_text_source(std::string_view text) {
    return [text, given = false]() mutable {
        if (given) return std::string_view();
        given = true;
        return text;
    };
}

CsvReader::CsvReader(CsvSource source, std::string file_name)
    : m_source(std::move(source)) {
    m_table.file = std::move(file_name);
    ensure(3);
    const std::string_view start = std::string_view(m_buffer).substr(0, 3);
    // Excel's "Unicode text" and PowerShell write UTF-16; name it rather than report its first odd byte.
    if (start.substr(0, 2) == "\xFF\xFE" || start.substr(0, 2) == "\xFE\xFF")
        fail_at(file(), 1, "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8");
    if (start == "\xEF\xBB\xBF") m_pos = 3;
    std::size_t count = 0, line = 1;
    std::vector<std::string>& header = m_table.header;
    if (!read_record(header, count, line))
        throw DataError(fmt::format("{}: empty; expected a header row and at least one record", file()));
    header.resize(count);
    for (std::size_t c = 0; c < header.size(); ++c) {
        const std::string& name = header[c];
        const auto before = header.begin() + static_cast<std::ptrdiff_t>(c);
        if (name.empty()) fail_at(file(), line, fmt::format("column {} of the header has no name", c + 1));
        if (std::find(header.begin(), before, name) != before)
            fail_at(file(), line, fmt::format("column {} appears twice in the header", quote_value(name)));
    }
}

bool CsvReader::fill() {
    if (m_end) return false;
    const std::string_view chunk = m_source();
    if (chunk.empty()) {
        m_end = true;
        return false;
    }
    // What is consumed goes first, so the buffer holds about one chunk however long the file is.
    m_buffer.erase(0, m_pos);
    m_pos = 0;
    m_buffer.append(chunk);
    return true;
}

bool CsvReader::ensure(std::size_t count) {
    while (m_buffer.size() - m_pos < count)
        if (!fill()) return false;
    return true;
}

bool CsvReader::next(CsvRow& row) {
    std::vector<std::string>& record = m_spare;
    record.swap(row.cells);  // the caller's last row lends its strings' storage
    std::size_t count = 0;
    if (!read_record(record, count, row.line)) return false;
    if (count != m_table.header.size())
        fail_at(file(), row.line,
                fmt::format("{} field{}, but the header has {} columns", count, count == 1 ? "" : "s",
                            m_table.header.size()));
    record.resize(count);
    row.cells.swap(record);
    return true;
}

// long: RFC 4180's record grammar, one character at a time, in one loop so that line counting is in one place
bool CsvReader::read_record(std::vector<std::string>& record, std::size_t& count, std::size_t& line) {
    count = 0;
    bool started = false;  // a field begun: tells a record from a blank line
    std::string* field = nullptr;
    const auto begin_field = [&] {
        if (record.size() <= count) record.emplace_back();
        field = &record[count++];
        field->clear();
    };
    while (ensure(1)) {
        const char c = at(0);
        if (c == '\0') fail_at(file(), m_line, k_nul_byte);
        if (!started) {
            line = m_line;
            if (c == '\r' || c == '\n') {  // a blank line
                ++m_pos;
                if (c == '\r' && ensure(1) && at(0) == '\n') ++m_pos;
                ++m_line;
                continue;
            }
            started = true;
            begin_field();
        }
        if (c == '"') {
            quoted_field(*field);
        } else if (c == ',') {
            check_field(*field, m_line);
            begin_field();
            ++m_pos;
        } else if (c == '\r' || c == '\n') {
            ++m_pos;
            if (c == '\r' && ensure(1) && at(0) == '\n') ++m_pos;
            check_field(*field, m_line);
            ++m_line;
            return true;
        } else {
            // A run of ordinary bytes at once: most of a price list.
            std::size_t n = 0;
            const std::size_t available = m_buffer.size() - m_pos;
            while (n < available) {
                const char d = at(n);
                if (d == '"' || d == ',' || d == '\r' || d == '\n' || d == '\0') break;
                ++n;
            }
            field->append(m_buffer, m_pos, n);
            m_pos += n;
        }
    }
    if (started) check_field(*field, m_line);
    return started;
}

// At an opening quote: the field runs to the next lone quote, and must end there.
void CsvReader::quoted_field(std::string& field) {
    if (!field.empty())
        fail_at(file(), m_line,
                fmt::format("a quote inside an unquoted field ({}); quote the whole field and double the quote (\"\")",
                            quote_value(field)));
    const std::size_t open_line = m_line;
    ++m_pos;
    for (;;) {
        if (!ensure(1)) fail_at(file(), open_line, "a quoted field is never closed (missing '\"')");
        const char q = at(0);
        if (q == '\0') fail_at(file(), m_line, k_nul_byte);
        if (q == '"') {
            if (ensure(2) && at(1) == '"') {
                field += '"';
                m_pos += 2;
                continue;
            }
            ++m_pos;
            break;
        }
        if (q == '\n') ++m_line;
        field += q;
        ++m_pos;
    }
    if (ensure(1) && at(0) != ',' && at(0) != '\n' && at(0) != '\r') {
        ensure(20);
        const std::string_view rest = std::string_view(m_buffer).substr(m_pos, 20);
        const std::size_t cut = std::min(rest.find_first_of("\r\n"), rest.size());
        fail_at(file(), m_line,
                fmt::format("text after the closing quote of a field ({}); a quoted field must end at ',' or the "
                            "end of the line",
                            quote_value(rest.substr(0, cut))));
    }
}

// Every field may end up in JSON, which holds only UTF-8; `line` is where the field ends.
void CsvReader::check_field(const std::string& field, std::size_t line) const {
    const auto bad = invalid_utf8_at(field);
    if (!bad) return;
    const auto after = std::count(field.begin() + static_cast<std::ptrdiff_t>(*bad), field.end(), '\n');
    fail_at(file(), line - static_cast<std::size_t>(after),
            fmt::format("byte 0x{:02x} is not valid UTF-8; save the file as UTF-8",
                        static_cast<unsigned char>(field[*bad])));
}

CsvTable parse_csv(std::string_view text, const std::string& file) {
    CsvReader reader(csv_text_source(text), file);
    CsvTable table = reader.table();
    CsvRow row;
    while (reader.next(row)) table.rows.push_back(row);
    return table;
}

}  // namespace gpucost

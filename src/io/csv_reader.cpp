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

CsvTable parse_csv(std::string_view text, const std::string& file) {
    const auto fail = [&](std::size_t line, const std::string& what) {
        throw DataError(fmt::format("{}: line {}: {}", file, line, what));
    };
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    // Excel's "Unicode text" and PowerShell write UTF-16; name it rather than report its first odd byte.
    if (text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF")
        fail(1, "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8");
    // Every field may end up in JSON, which holds only UTF-8: reject other bytes here, with their line.
    if (const auto bad = invalid_utf8_at(text)) {
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(*bad), '\n');
        fail(static_cast<std::size_t>(line), fmt::format("byte 0x{:02x} is not valid UTF-8; save the file as UTF-8",
                                                         static_cast<unsigned char>(text[*bad])));
    }

    std::vector<std::vector<std::string>> records;
    std::vector<std::size_t> record_lines;
    std::vector<std::string> record;
    std::string field;
    std::size_t line = 1;
    std::size_t record_line = 1;
    bool field_started = false;  // the record has at least one field begun (distinguishes a blank line)
    std::size_t i = 0;

    const auto end_record = [&] {
        if (field_started || !record.empty()) {
            record.push_back(std::move(field));
            records.push_back(std::move(record));
            record_lines.push_back(record_line);
        }
        record.clear();
        field.clear();
        field_started = false;
    };

    while (i < text.size()) {
        const char c = text[i];
        if (c == '\0') fail(line, "contains a NUL byte; this is not a text CSV file");
        if (!field_started && record.empty()) record_line = line;
        if (c == '"') {
            if (field_started && !field.empty())
                fail(line, fmt::format("a quote inside an unquoted field ({}); quote the whole field and double the "
                                       "quote (\"\")",
                                       quote_value(field)));
            // Quoted field: runs to the next lone quote.
            const std::size_t open_line = line;
            field_started = true;
            ++i;
            bool closed = false;
            while (i < text.size()) {
                const char q = text[i];
                if (q == '\0') fail(line, "contains a NUL byte; this is not a text CSV file");
                if (q == '"') {
                    if (i + 1 < text.size() && text[i + 1] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    closed = true;
                    ++i;
                    break;
                }
                if (q == '\n') ++line;
                field += q;
                ++i;
            }
            if (!closed) fail(open_line, "a quoted field is never closed (missing '\"')");
            if (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r')
                fail(line,
                     fmt::format("text after the closing quote of a field ({}); a quoted field must end at ',' "
                                 "or the end of the line",
                                 quote_value(text.substr(i, std::min(text.find_first_of("\r\n", i), i + 20) - i))));
            continue;
        }
        if (c == ',') {
            record.push_back(std::move(field));
            field.clear();
            field_started = true;
            ++i;
            continue;
        }
        if (c == '\r' || c == '\n') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            ++i;
            end_record();
            ++line;
            continue;
        }
        field += c;
        field_started = true;
        ++i;
    }
    end_record();

    if (records.empty()) throw DataError(fmt::format("{}: empty; expected a header row and at least one record", file));
    CsvTable table;
    table.file = file;
    table.header = std::move(records.front());
    for (std::size_t c = 0; c < table.header.size(); ++c) {
        const std::string& name = table.header[c];
        if (name.empty()) fail(record_lines.front(), fmt::format("column {} of the header has no name", c + 1));
        if (std::find(table.header.begin(), table.header.begin() + static_cast<std::ptrdiff_t>(c), name) !=
            table.header.begin() + static_cast<std::ptrdiff_t>(c))
            fail(record_lines.front(), fmt::format("column {} appears twice in the header", quote_value(name)));
    }
    for (std::size_t r = 1; r < records.size(); ++r) {
        if (records[r].size() != table.header.size())
            fail(record_lines[r], fmt::format("{} field{}, but the header has {} columns", records[r].size(),
                                              records[r].size() == 1 ? "" : "s", table.header.size()));
        table.rows.push_back({record_lines[r], std::move(records[r])});
    }
    return table;
}

}  // namespace gpucost

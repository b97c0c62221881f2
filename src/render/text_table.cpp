#include "gpucost/render/text_table.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace gpucost {

TextTable::TextTable(std::vector<Align> align)
    : m_align(std::move(align)) {}

void TextTable::add(std::vector<std::string> row, Tone tone) { m_rows.push_back({std::move(row), tone, {}}); }

void TextTable::tone_last(std::size_t column, Tone tone) {
    std::vector<Tone>& tones = m_rows.back().cell_tones;
    if (tones.empty()) tones.assign(m_align.size(), Tone::plain);
    tones.at(column) = tone;
}

std::size_t TextTable::width(std::string_view text) noexcept {
    // Bytes less continuations (10xxxxxx), 8 at a time (a multiply sums their flags): every cell is measured.
    std::size_t columns = text.size();
    std::size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, text.data() + i, sizeof word);
        columns -= (((word & ~(word << 1) & 0x8080808080808080ull) >> 7) * 0x0101010101010101ull) >> 56;
    }
    for (; i < text.size(); ++i)
        columns -= static_cast<std::size_t>((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80);
    return columns;
}

std::size_t TextTable::offset(std::string_view text, std::size_t columns) noexcept {
    std::size_t end = 0;
    for (std::size_t seen = 0; end < text.size(); ++end) {
        if ((static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) continue;
        if (seen++ == columns) break;
    }
    return end;
}

std::string TextTable::str(const std::string& indent, const Paint& paint) const {
    std::vector<std::size_t> widths(m_align.size(), 0);
    std::vector<std::size_t> cell_widths;  // each cell's, row by row: counted once
    cell_widths.reserve(m_rows.size() * m_align.size());
    for (const Row& row : m_rows)
        for (std::size_t i = 0; i < row.cells.size(); ++i)
            widths[i] = std::max(widths[i], cell_widths.emplace_back(width(row.cells[i])));
    // Built in place, no string per cell or line: a table is most of a report's text (issue 21's start-up).
    std::string out;
    std::size_t line_bytes = indent.size() + 1;
    for (const std::size_t w : widths) line_bytes += w + 2;
    out.reserve(m_rows.size() * line_bytes);
    std::size_t next_width = 0;
    for (const Row& row : m_rows) {
        const std::size_t line_start = out.size();
        out += indent;
        std::size_t owed = 0;  // spaces written only before text: trailing padding and empty rows are dropped
        for (std::size_t i = 0; i < row.cells.size(); ++i) {
            const std::string& cell = row.cells[i];
            const std::size_t pad = widths[i] - cell_widths[next_width++];
            const Tone own = row.cell_tones.empty() ? Tone::plain : row.cell_tones[i];
            const Tone tone = own != Tone::plain ? own : row.tone;
            owed += (i > 0 ? 2 : 0) + (m_align[i] == Align::right ? pad : 0);
            if (!cell.empty()) {
                out.append(owed, ' ');
                owed = 0;
                paint.append(out, cell, tone);
            }
            if (m_align[i] == Align::left) owed += pad;
        }
        if (out.size() == line_start + indent.size()) out.resize(line_start);
        out += '\n';
    }
    return out;
}

}  // namespace gpucost

// Pieces the document writers (write_text, write_markdown, write_html) share. Private to render/.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gpucost/render/document.hpp"
#include "gpucost/render/phrases.hpp"

namespace gpucost::writer_parts {

// A table's body as people read it: each cell through human_text, in the output currency.
inline std::vector<std::vector<std::string>> human_rows(const Table& t, const Currency& currency) {
    std::vector<std::vector<std::string>> rows;
    for (const TableRow& row : t.rows) {
        std::vector<std::string> cells;
        for (const Cell& c : row.cells) cells.push_back(human_text(c, currency));
        rows.push_back(std::move(cells));
    }
    return rows;
}

// A table's header as people read it; a table without one gives up its first row instead (markdown and HTML
// tables need a header).
inline std::vector<std::string> header_row(const Table& t, std::vector<std::vector<std::string>>& rows,
                                           const Currency& currency) {
    std::vector<std::string> header;
    for (const Inline& h : t.header) header.push_back(human_text(h, currency));
    if (header.empty() && !rows.empty()) {
        header = std::move(rows.front());
        rows.erase(rows.begin());
    }
    return header;
}

// Facts as markdown and HTML show them: a two-column table under their headings.
inline Table facts_table(const Facts& f) {
    Table t{{words(f.headings.first), words(f.headings.second)}, {false, false}, {}};
    for (const auto& [label, value] : f.facts) t.rows.push_back(table_row(label, value));
    return t;
}

// The currency note as a paragraph: the conversion's rate, or the note's own words when the output is in USD.
inline Paragraph currency_paragraph(const CurrencyNote& note, const Currency& currency) {
    const std::string rate = currency_note(currency);
    return {rate.empty() ? note.when_usd : words(rate), note.role, false};
}

// The texts `write` makes of the `items` (sections, blocks or note lines) a format shows (`format` names its flag in
// their Shown), the empty ones left out and the others `separator` apart: the writers' one walk over a document.
template <typename Items, typename Write>
std::string join_shown(const Items& items, bool Shown::*format, std::string_view separator, const Write& write) {
    std::string out;
    for (const auto& item : items)
        if (item.shown.*format)
            if (std::string text = write(item); !text.empty())
                out.append(out.empty() ? std::string_view() : separator).append(text);
    return out;
}

}  // namespace gpucost::writer_parts

// Pieces the document writers (write_text, write_markdown, write_html) share. Private to render/.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "gpucost/render/document.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::writer_parts {

// How a paragraph of each role looks: its tone in a terminal (a plain one is bold when strong) and its class in HTML.
struct RoleLook {
    Role role;
    Tone tone;
    const char* css_class;
};
inline constexpr RoleLook k_role_looks[] = {
    {Role::verdict, Tone::good, "verdict"},   {Role::note, Tone::note, "note"},
    {Role::explanation, Tone::muted, "note"}, {Role::meta, Tone::muted, "meta"},
    {Role::source, Tone::muted, "source"},    {Role::warning, Tone::note, "warning"},
};
// Every role but plain has its look: a role added without a row here fails to compile instead of looking plain.
constexpr bool every_role_looks() {
    for (std::size_t r = 1; r < k_role_count; ++r) {
        bool found = false;
        for (const RoleLook& l : k_role_looks) found = found || static_cast<std::size_t>(l.role) == r;
        if (!found) return false;
    }
    return true;
}
static_assert(static_cast<std::size_t>(Role::plain) == 0 && every_role_looks());
inline RoleLook look(Role role) {
    for (const RoleLook& l : k_role_looks)
        if (l.role == role) return l;
    return {Role::plain, Tone::plain, ""};
}

// A table as people read it: each cell through human_text, in the output currency, a strong cell or a cell of a
// strong row between `strong` marks (markdown's "**"); a table without a header gives up its first row as one
// (markdown and HTML tables need a header).
struct HumanTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};
inline HumanTable human_table(const Table& t, const Currency& currency, const std::string& strong = "") {
    HumanTable out;
    for (const Inline& h : t.header) out.header.push_back(human_text(h, currency));
    for (const TableRow& row : t.rows) {
        std::vector<std::string>& cells = out.rows.emplace_back();
        for (const Cell& c : row.cells) {
            std::string text = human_text(c, currency);
            const bool marked = !strong.empty() && !text.empty() && (row.tone == Tone::strong || c.strong);
            cells.push_back(marked ? strong + text + strong : std::move(text));
        }
    }
    if (out.header.empty() && !out.rows.empty()) {
        out.header = std::move(out.rows.front());
        out.rows.erase(out.rows.begin());
    }
    return out;
}

// The currency note as a paragraph: the note's own words when the output is in USD, else the conversion's rate:
// "Amounts in EUR at 0.92 EUR per US dollar (--usd-rate); the assumptions stay in USD as given."
inline Paragraph currency_paragraph(const CurrencyNote& note, const Currency& currency) {
    if (currency.is_usd()) return {note.when_usd, note.role, false};
    return {
        words(fmt::format("Amounts in {} at {} {} per US dollar (--usd-rate); the assumptions stay in USD as given.",
                          currency.code, exact_number(currency.per_usd), currency.code)),
        note.role, false};
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

// A block as markdown and HTML write it, through `writer`'s heading(), paragraph(), table() and chart(): notes a
// paragraph each (those `format` shows, `separator` apart), facts a two-column table under their headings, the
// currency note a paragraph.
template <typename Writer>
std::string block(const Writer& writer, const Block& b, bool Shown::*format, std::string_view separator) {
    if (const auto* h = std::get_if<Heading>(&b.content)) return writer.heading(*h);
    if (const auto* p = std::get_if<Paragraph>(&b.content)) return writer.paragraph(*p);
    if (const auto* n = std::get_if<Notes>(&b.content))
        return join_shown(n->lines, format, separator, [&](const NoteLine& l) { return writer.paragraph(l.line); });
    if (const auto* f = std::get_if<Facts>(&b.content)) {
        Table t = make_table({words(f->headings.first), words(f->headings.second)});
        for (const auto& [label, value] : f->facts) t.rows.push_back(table_row(label, value));
        return writer.table(t);
    }
    if (const auto* t = std::get_if<Table>(&b.content)) return writer.table(*t);
    if (const auto* c = std::get_if<ChartRef>(&b.content)) return writer.chart(*c);
    const auto& note = std::get<CurrencyNote>(b.content);
    return writer.paragraph(currency_paragraph(note, writer.currency));
}

}  // namespace gpucost::writer_parts

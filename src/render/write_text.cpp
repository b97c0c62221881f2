// A document as terminal text: the one outline-to-text writer. Tables through TextTable (aligned by code points),
// colour through Paint (tones only; the CLI decides whether colour shows).
#include <algorithm>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "gpucost/render/render.hpp"
#include "gpucost/render/text_table.hpp"
#include "gpucost/util/text.hpp"
#include "writer_parts.hpp"

namespace gpucost {
namespace {

// `text` as lines of at most `width` columns (code points), broken at spaces, the spaces at a break dropped; a word
// longer than the room stays whole on a line of its own. Width 0: one line. The lines are views into `text`.
std::vector<std::string_view> wrap_text(std::string_view text, std::size_t width) {
    std::vector<std::string_view> lines;
    std::string_view rest = text;
    while (width > 0 && TextTable::width(rest) > width) {
        // The byte where column `width` ends, then the last space at or before it (else the first one after it).
        const std::size_t end = TextTable::offset(rest, width);
        std::size_t cut = rest.rfind(' ', end);
        if (cut == std::string_view::npos || rest.find_first_not_of(' ') > cut) cut = rest.find(' ', end);
        if (cut == std::string_view::npos) break;
        const std::size_t line_end = rest.find_last_not_of(' ', cut);
        if (line_end != std::string_view::npos) lines.emplace_back(rest.substr(0, line_end + 1));
        const std::size_t next = rest.find_first_not_of(' ', cut);
        rest = next == std::string_view::npos ? std::string_view() : rest.substr(next);
    }
    if (!rest.empty() || lines.empty()) lines.emplace_back(rest);
    return lines;
}

// `text` as pieces of at most `room` columns (code points), each cut after the last '/', '-' or space that leaves
// it within the room, else at the room: an address or id broken where it has joints ("cloud:x-y/usd_per_hour/").
std::vector<std::string> break_cell(const std::string& text, std::size_t room) {
    std::vector<std::string> pieces;
    std::string_view rest = text;
    while (room > 0 && TextTable::width(rest) > room) {
        const std::size_t end = TextTable::offset(rest, room);
        const std::size_t joint = rest.find_last_of("/- ", end - 1);
        const std::size_t cut = joint == std::string_view::npos || joint == 0 ? end : joint + 1;
        const std::string_view piece = rest.substr(0, cut);
        pieces.emplace_back(piece.substr(0, piece.find_last_not_of(' ') + 1));
        rest = rest.substr(cut);
    }
    pieces.emplace_back(rest);
    return pieces;
}

// The fewest columns a wrapped cell or fact is given, however narrow the terminal.
constexpr std::size_t k_min_wrap_room = 20;

class TextWriter {
public:
    explicit TextWriter(const RenderOptions& options)
        : m_currency(options.currency),
          m_paint(options.colour),
          m_width(options.wide || options.columns <= 0 ? 0 : static_cast<std::size_t>(options.columns)) {}

    // Headless sections set their blocks a blank line apart; a headed one's are indented under its heading.
    std::string section(const Section& s) const {
        const bool headed = !s.heading.empty() || s.indented;
        const std::string heading = s.heading.empty() ? "" : wrapped(shown(s.heading), "", Tone::strong);
        return heading + writer_parts::join_shown(s.blocks, &Shown::text, headed ? "" : "\n",
                                                  [&](const Block& b) { return block(b, headed ? "  " : ""); });
    }

private:
    // Every text a terminal shows, file names and flag values included: controls made visible, never obeyed.
    template <class Text>
    std::string shown(const Text& text) const {
        std::string out = human_text(text, m_currency);
        if (forbidden_character(out)) out = escape_visible(out);  // else no copy: most text is plain
        return out;
    }

    // `text` after `indent`, each of its lines in lines of at most m_width columns broken at spaces, each painted
    // in `tone`.
    std::string wrapped(const std::string& text, const std::string& indent, Tone tone) const {
        const std::size_t room = m_width == 0 ? 0 : m_width - std::min(m_width, indent.size());
        const std::string_view all = text;
        std::string out;
        out.reserve(text.size() + indent.size() + 1);
        for (std::size_t start = 0; start <= all.size();) {
            const std::size_t end = std::min(all.find('\n', start), all.size());
            for (const std::string_view piece : wrap_text(all.substr(start, end - start), room)) {
                out += indent;
                m_paint.append(out, piece, tone);
                out += '\n';
            }
            start = end + 1;
        }
        return out;
    }

    std::string line(const Paragraph& p, const std::string& indent) const {
        const std::string text = shown(p.text);
        const Tone tone = writer_parts::look(p.role).tone;
        return text.empty() ? "" : wrapped(text, indent, tone == Tone::plain && p.strong ? Tone::strong : tone);
    }

    using Kept = std::vector<char>;  // whether each column shows; vector<bool>'s bit lookups cost 3% of a table

    // The width of a table's line showing the `kept` columns of `widths`, after `indent`.
    static std::size_t shown_width(const std::vector<std::size_t>& widths, const Kept& kept, std::size_t indent) {
        std::size_t total = indent;
        std::size_t shown_columns = 0;
        for (std::size_t i = 0; i < widths.size(); ++i)
            if (kept[i]) total += widths[i] + (shown_columns++ > 0 ? 2 : 0);
        return total;
    }

    // Which columns of a table whose columns are `widths` wide a terminal of m_width shows: t.drop_order's columns
    // are left out, least important first, until the table fits; then each left-out column that fits again comes
    // back, most important first. All of them when the table fits, or under --wide.
    Kept kept_columns(const Table& t, const std::vector<std::size_t>& widths, std::size_t indent) const {
        Kept kept(widths.size(), true);
        const auto fits = [&] { return shown_width(widths, kept, indent) <= m_width; };
        if (m_width == 0) return kept;
        std::size_t dropped = 0;
        for (; dropped < t.drop_order.size() && !fits(); ++dropped)
            if (t.drop_order[dropped] < kept.size()) kept[t.drop_order[dropped]] = false;
        for (std::size_t i = dropped; i-- > 0;) {
            if (t.drop_order[i] >= kept.size()) continue;
            kept[t.drop_order[i]] = true;
            if (!fits()) kept[t.drop_order[i]] = false;
        }
        return kept;
    }

    // The columns t.wrap's cells get when the kept columns are still wider than m_width (at least k_min_wrap_room);
    // 0: nothing wraps.
    std::size_t wrap_room(const Table& t, const std::vector<std::size_t>& widths, const Kept& kept,
                          std::size_t indent) const {
        if (m_width == 0 || !t.wrap || *t.wrap >= widths.size() || !kept[*t.wrap]) return 0;
        const std::size_t total = shown_width(widths, kept, indent);
        if (total <= m_width) return 0;
        const std::size_t own = widths[*t.wrap];
        return std::max(k_min_wrap_room, own - std::min(own, total - m_width));
    }

    // How a table's kept columns are laid out: which are kept, and the wrap column's room (0: none wraps).
    struct Layout {
        Kept kept;
        std::optional<std::size_t> wrap;
        std::size_t room = 0;
    };

    // The tone of cell `i` of `typed` (none for the header): its own tone, else strong when it is.
    static Tone cell_tone(const std::vector<Cell>* typed, std::size_t i) {
        if (typed == nullptr) return Tone::plain;
        const Cell& c = (*typed)[i];
        return c.tone != Tone::plain ? c.tone : c.strong ? Tone::strong : Tone::plain;
    }

    // One row's kept `cells` (moved from, compacted in place; shown() already made their controls visible) into
    // `out`, toned as the row and its `typed` cells say; a cell of the wrap column longer than the room continues on
    // lines of its own (pieces cut between code points, so still shown), the other cells blank.
    void add_row(TextTable& out, std::vector<std::string>& cells, Tone tone, const std::vector<Cell>* typed,
                 const Layout& layout) const {
        const auto is_kept = [&layout](std::size_t i) { return i >= layout.kept.size() || layout.kept[i]; };
        std::vector<std::string> more;  // the wrapped cell's further pieces
        std::size_t wrap_at = 0;
        Tone wrap_tone = Tone::plain;
        std::size_t kept = 0;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (!is_kept(i)) continue;
            if (layout.room > 0 && layout.wrap == i) {
                more = break_cell(cells[i], layout.room);
                wrap_at = kept;
                wrap_tone = cell_tone(typed, i);
                cells[kept] = std::move(more.front());
                more.erase(more.begin());
            } else if (kept != i) {
                cells[kept] = std::move(cells[i]);
            }
            ++kept;
        }
        const std::size_t columns = cells.size();
        cells.resize(kept);
        out.add(std::move(cells), tone);
        for (std::size_t i = 0, at = 0; typed != nullptr && i < columns; ++i) {
            if (!is_kept(i)) continue;
            if (const Tone t = cell_tone(typed, i); t != Tone::plain) out.tone_last(at, t);
            ++at;
        }
        for (std::string& piece : more) {
            std::vector<std::string> line(kept);
            line[wrap_at] = std::move(piece);
            out.add(std::move(line), tone);
            if (wrap_tone != Tone::plain) out.tone_last(wrap_at, wrap_tone);
        }
    }

    std::string table(const Table& t) const {
        const std::string indent = t.indent ? "  " : "";
        std::vector<std::vector<std::string>> text;  // the header (when any), then the rows
        text.reserve(t.rows.size() + 1);
        const auto add = [&](const auto& cells) {
            std::vector<std::string>& line = text.emplace_back();
            line.reserve(cells.size());
            for (const auto& c : cells) line.push_back(shown(c));
        };
        if (!t.header.empty()) add(t.header);
        for (const TableRow& row : t.rows) add(row.cells);
        std::vector<std::size_t> widths(t.numeric.size(), 0);
        for (const auto& cells : text)
            for (std::size_t i = 0; i < cells.size() && i < widths.size(); ++i)
                widths[i] = std::max(widths[i], TextTable::width(cells[i]));
        Layout layout{kept_columns(t, widths, indent.size()), t.wrap, 0};
        layout.room = wrap_room(t, widths, layout.kept, indent.size());
        std::vector<Align> align;
        std::vector<std::string> left_out;
        for (std::size_t i = 0; i < t.numeric.size(); ++i) {
            if (layout.kept[i])
                align.push_back(t.numeric[i] ? Align::right : Align::left);
            else if (!t.header.empty() && !text.front()[i].empty())  // a column without a heading goes unnamed
                left_out.push_back(text.front()[i]);
        }
        TextTable out(align);
        std::size_t first_row = 0;
        if (!t.header.empty()) add_row(out, text[first_row++], Tone::strong, nullptr, layout);
        for (const TableRow& row : t.rows) add_row(out, text[first_row++], row.tone, &row.cells, layout);
        std::string result = out.str(indent, m_paint);
        // Headings are listed with commas, or with semicolons when a heading holds a comma ("build total, change").
        const bool comma = std::any_of(left_out.begin(), left_out.end(),
                                       [](const std::string& h) { return h.find(',') != std::string::npos; });
        if (!left_out.empty())
            result += wrapped(fmt::format("Not shown at {} columns: {} (--wide shows every column).", m_width,
                                          fmt::join(left_out, comma ? "; " : ", ")),
                              indent, Tone::muted);
        m_left_out = std::move(left_out);
        return result;
    }

    // label: value lines, aligned; a value longer than the room beside its label wraps at spaces under itself.
    std::string facts(const Facts& f, const std::string& indent) const {
        std::size_t label_width = 0;
        for (const auto& fact : f.facts) label_width = std::max(label_width, TextTable::width(fact.first) + 1);
        const std::size_t used = indent.size() + label_width + 2;
        const std::size_t room = m_width == 0 ? 0 : std::max(k_min_wrap_room, m_width - std::min(m_width, used));
        TextTable out({Align::left, Align::left});
        for (const auto& [label, value] : f.facts) {
            std::string mark = escape_visible(label) + ":";
            const std::string text = shown(value);
            for (const std::string_view piece : wrap_text(text, room))
                out.add({std::exchange(mark, ""), std::string(piece)});
        }
        return out.str(indent, m_paint);
    }

    // Whether the last table left out the column headed `heading` (never for an empty heading).
    bool left_out(const std::string& heading) const {
        return !heading.empty() && std::find(m_left_out.begin(), m_left_out.end(), heading) != m_left_out.end();
    }

    std::string block(const Block& b, const std::string& indent) const {
        if (const auto* h = std::get_if<Heading>(&b.content))  // a title stands out: never indented
            return wrapped(shown(h->text), "", Tone::strong);
        if (const auto* p = std::get_if<Paragraph>(&b.content)) return line(*p, indent);
        if (const auto* n = std::get_if<Notes>(&b.content))
            return writer_parts::join_shown(n->lines, &Shown::text, "", [&](const NoteLine& l) {
                return left_out(l.explains) ? "" : line(l.line, indent);
            });
        if (const auto* f = std::get_if<Facts>(&b.content)) return facts(*f, indent);
        if (const auto* t = std::get_if<Table>(&b.content)) return table(*t);
        if (const auto* c = std::get_if<CurrencyNote>(&b.content))
            return line(writer_parts::currency_paragraph(*c, m_currency), indent);
        return "";  // a chart is drawn in HTML (and as its own SVG)
    }

    const Currency& m_currency;
    Paint m_paint;
    std::size_t m_width;  // columns a line may take; 0: no limit (--wide)
    // The headings of the columns the last table left out, for the notes that explain them.
    mutable std::vector<std::string> m_left_out;
};

}  // namespace

std::string write_text(const Document& document, const RenderOptions& options) {
    const TextWriter writer(options);
    return writer_parts::join_shown(document.sections, &Shown::text, "\n",
                                    [&](const Section& s) { return writer.section(s); });
}

}  // namespace gpucost

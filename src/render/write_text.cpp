// A document as terminal text: the one outline-to-text writer. Tables through TextTable (aligned by code points),
// colour through Paint (tones only; the CLI decides whether colour shows).
#include <fmt/format.h>

#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/render/text_table.hpp"
#include "gpucost/util/text.hpp"
#include "writer_parts.hpp"

namespace gpucost {
namespace {

Tone tone_of(Role role, bool strong) {
    switch (role) {
        case Role::verdict: return Tone::good;
        case Role::note:
        case Role::warning: return Tone::note;
        case Role::explanation:
        case Role::meta:
        case Role::source: return Tone::muted;
        case Role::plain: break;
    }
    return strong ? Tone::strong : Tone::plain;
}

class TextWriter {
public:
    explicit TextWriter(const RenderOptions& options)
        : m_currency(options.currency),
          m_paint(options.colour) {}

    std::string section(const Section& s) const {
        const bool headed = !s.heading.empty() || s.indented;
        std::string out = s.heading.empty() ? "" : m_paint(shown(s.heading, m_currency), Tone::strong) + "\n";
        bool first = true;
        for (const Block& b : s.blocks) {
            if (!b.shown.text) continue;
            std::string text = block(b, headed ? "  " : "");
            if (text.empty()) continue;
            if (!headed && !first) out += "\n";  // headless sections set their blocks a blank line apart
            out += text;
            first = false;
        }
        return out;
    }

private:
    // Every text a terminal shows, file names and flag values included: controls made visible, never obeyed.
    template <class Text>
    std::string shown(const Text& text, const Currency& currency) const {
        return escape_visible(human_text(text, currency));
    }

    std::string line(const Paragraph& p, const std::string& indent) const {
        const std::string text = shown(p.text, m_currency);
        return text.empty() ? "" : indent + m_paint(text, tone_of(p.role, p.strong)) + "\n";
    }

    std::string table(const Table& t) const {
        std::vector<Align> align;
        for (const bool numeric : t.numeric) align.push_back(numeric ? Align::right : Align::left);
        TextTable out(align);
        if (!t.header.empty()) {
            std::vector<std::string> header;
            for (const Inline& h : t.header) header.push_back(shown(h, m_currency));
            out.add(std::move(header), Tone::strong);
        }
        for (const TableRow& row : t.rows) {
            std::vector<std::string> cells;
            for (const Cell& c : row.cells) cells.push_back(shown(c, m_currency));
            out.add(std::move(cells), row.tone);
            for (std::size_t i = 0; i < row.cells.size(); ++i) {
                const Cell& c = row.cells[i];
                if (c.tone != Tone::plain || c.strong) out.tone_last(i, c.tone != Tone::plain ? c.tone : Tone::strong);
            }
        }
        return out.str(t.indent ? "  " : "", m_paint);
    }

    std::string block(const Block& b, const std::string& indent) const {
        if (const auto* h = std::get_if<Heading>(&b.content))  // a title stands out: never indented
            return m_paint(shown(h->text, m_currency), Tone::strong) + "\n";
        if (const auto* p = std::get_if<Paragraph>(&b.content)) return line(*p, indent);
        if (const auto* n = std::get_if<Notes>(&b.content)) {
            std::string out;
            for (const NoteLine& l : n->lines)
                if (l.shown.text) out += line(l.line, indent);
            return out;
        }
        if (const auto* f = std::get_if<Facts>(&b.content)) {
            TextTable out({Align::left, Align::left});
            for (const auto& [label, value] : f->facts)
                out.add({escape_visible(label) + ":", shown(value, m_currency)});
            return out.str(indent, m_paint);
        }
        if (const auto* t = std::get_if<Table>(&b.content)) return table(*t);
        if (const auto* c = std::get_if<CurrencyNote>(&b.content)) {
            const std::string note = currency_note(m_currency);
            return line({note.empty() ? c->when_usd : words(note), c->role, false}, indent);
        }
        return "";  // a chart is drawn in HTML (and as its own SVG)
    }

    const Currency& m_currency;
    Paint m_paint;
};

}  // namespace

std::string write_text(const Document& document, const RenderOptions& options) {
    const TextWriter writer(options);
    return writer_parts::join_sections(document, &Shown::text, [&](const Section& s) { return writer.section(s); });
}

}  // namespace gpucost

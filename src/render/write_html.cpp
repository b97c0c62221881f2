// A document as one self-contained HTML page (html_page.hpp: the page, its style, escaping): level-2 sections
// are <section id><h2>, a level-3 one an <h3> inside the section before it, charts drawn as inline SVG figures.
#include <fmt/format.h>

#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/render/svg.hpp"
#include "html_page.hpp"
#include "writer_parts.hpp"

namespace gpucost {
namespace {

const char* css_class(Role role) {
    switch (role) {
        case Role::verdict: return "verdict";
        case Role::note:
        case Role::explanation: return "note";
        case Role::meta: return "meta";
        case Role::source: return "source";
        case Role::warning: return "warning";
        case Role::plain: break;
    }
    return "";
}

class HtmlWriter {
public:
    explicit HtmlWriter(const RenderOptions& options)
        : m_currency(options.currency) {}

    std::string text(const Inline& words) const { return human_text(words, m_currency); }

    std::string blocks(const Section& s) const {
        std::string out;
        for (const Block& b : s.blocks)
            if (b.shown.html) out += block(b);
        return out;
    }

    std::string paragraph(const Paragraph& p) const {
        const std::string words = text(p.text);
        if (words.empty()) return "";
        if (!p.strong) return html::paragraph(words, css_class(p.role));
        const std::string cls = css_class(p.role);
        return (cls.empty() ? "<p>" : "<p class=\"" + cls + "\">") + "<strong>" + xml_escape(words) + "</strong></p>\n";
    }

private:
    // Numeric columns align right; a table without a header takes its first row as one.
    std::string table(const Table& t) const {
        std::vector<std::vector<std::string>> rows = writer_parts::human_rows(t, m_currency);
        std::vector<std::string> header;
        for (const Inline& h : t.header) header.push_back(text(h));
        if (header.empty() && !rows.empty()) {
            header = rows.front();
            rows.erase(rows.begin());
        }
        std::vector<std::size_t> right;
        for (std::size_t i = 0; i < t.numeric.size(); ++i)
            if (t.numeric[i]) right.push_back(i);
        return html::table(header, rows, right);
    }

    std::string block(const Block& b) const {
        if (const auto* h = std::get_if<Heading>(&b.content))
            return fmt::format("<h{}>{}</h{}>\n", h->level, xml_escape(text(h->text)), h->level);
        if (const auto* p = std::get_if<Paragraph>(&b.content)) return paragraph(*p);
        if (const auto* n = std::get_if<Notes>(&b.content)) {
            std::string out;
            for (const NoteLine& l : n->lines)
                if (l.shown.html) out += paragraph(l.line);
            return out;
        }
        if (const auto* f = std::get_if<Facts>(&b.content)) {
            std::vector<std::vector<std::string>> rows;
            for (const auto& [label, value] : f->facts) rows.push_back({label, human_text(value, m_currency)});
            return html::table({f->headings.first, f->headings.second}, rows);
        }
        if (const auto* t = std::get_if<Table>(&b.content)) return table(*t);
        if (const auto* c = std::get_if<ChartRef>(&b.content))
            return html::figure(c->draw(m_currency, c->id), text(c->caption));
        if (const auto* c = std::get_if<CurrencyNote>(&b.content)) {
            const std::string note = currency_note(m_currency);
            return paragraph({note.empty() ? c->when_usd : words(note), c->role, false});
        }
        return "";
    }

    const Currency& m_currency;
};

}  // namespace

std::string write_html(const Document& document, const RenderOptions& options) {
    const HtmlWriter writer(options);
    std::string body;
    const Section* open = nullptr;  // the level-2 section whose level-3 sections are being gathered
    std::string content;
    const auto close = [&] {
        if (open != nullptr) body += html::section(open->id, human_text(open->heading, options.currency), content);
        open = nullptr;
        content.clear();
    };
    for (const Section& s : document.sections) {
        if (!s.shown.html) continue;
        if (s.level >= 3 && open != nullptr) {
            content += "<h3>" + xml_escape(human_text(s.heading, options.currency)) + "</h3>\n" + writer.blocks(s);
            continue;
        }
        close();
        if (s.heading.empty()) {
            body += writer.blocks(s);
            continue;
        }
        if (s.heading_role != Role::plain) {  // the heading is the section's first paragraph
            body += "<section id=\"" + xml_escape(s.id) + "\">\n" +
                    writer.paragraph({s.heading, s.heading_role, false}) + writer.blocks(s) + "</section>\n";
            continue;
        }
        open = &s;
        content = writer.blocks(s);
    }
    close();
    return html::page(document.title, body);
}

}  // namespace gpucost

// A document as GitHub-flavoured markdown, for pull-request comments and wikis: a section heading is "## " and a
// title one level below its HTML level (a comment has no page title), a folded section a <details>, blocks a blank
// line apart, GitHub tables.
#include <algorithm>

#include "gpucost/render/render.hpp"
#include "gpucost/util/text.hpp"
#include "writer_parts.hpp"

namespace gpucost {
namespace {

// Text for a table cell or a line: a line break a space, a pipe escaped, and escape_html's controls made visible
// and &, < and > as entities (GitHub renders inline HTML: text from a file name, a flag or a catalogue is never
// markup); quotes are kept, as no cell is inside a tag.
std::string markdown_cell(std::string text) {
    std::replace_if(
        text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    std::string out;
    for (const char c : escape_html(text, false)) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

class MarkdownWriter {
public:
    explicit MarkdownWriter(const RenderOptions& options)
        : m_currency(options.currency) {}

    std::string section(const Section& s) const {
        const std::string body =
            writer_parts::join_shown(s.blocks, &Shown::markdown, "\n", [&](const Block& b) { return block(b); });
        const std::string heading = markdown_cell(human_text(s.heading, m_currency));
        std::string out;
        if (s.heading_role != Role::plain)  // the heading is the first paragraph
            out = paragraph({s.heading, s.heading_role, false}) + (body.empty() ? "" : "\n");
        else if (s.folded)
            out = "<details><summary>" + heading + "</summary>\n\n";
        else if (!heading.empty())
            out = "## " + heading + "\n\n";
        out += body;
        return s.folded ? out + "\n</details>\n" : out;
    }

private:
    std::string paragraph(const Paragraph& p) const {
        const std::string text = markdown_cell(human_text(p.text, m_currency));
        if (text.empty()) return "";
        if (p.role == Role::source) return "<sub>" + text + "</sub>\n";
        return (p.strong ? "**" + text + "**" : text) + "\n";
    }

    // A GitHub table: the header, its alignment row (a numeric column right), then the rows, strong cells in bold.
    // A table without a header takes its first row as one (markdown has no headless table).
    std::string table(const Table& t) const {
        const writer_parts::HumanTable human = writer_parts::human_table(t, m_currency, "**");
        std::string out = "|";
        for (const std::string& h : human.header) out += " " + markdown_cell(h) + " |";
        out += "\n|";
        for (const bool right : t.numeric) out += right ? " ---: |" : " --- |";
        out += "\n";
        for (const auto& row : human.rows) {
            out += "|";
            for (const std::string& c : row) out += " " + markdown_cell(c) + " |";
            out += "\n";
        }
        return out;
    }

    std::string block(const Block& b) const {
        if (const auto* h = std::get_if<Heading>(&b.content))
            return std::string(static_cast<std::size_t>(h->level) + 1, '#') + " " +
                   markdown_cell(human_text(h->text, m_currency)) + "\n";
        if (const auto* p = std::get_if<Paragraph>(&b.content)) return paragraph(*p);
        if (const auto* n = std::get_if<Notes>(&b.content))
            return writer_parts::join_shown(n->lines, &Shown::markdown, "\n",
                                            [&](const NoteLine& l) { return paragraph(l.line); });
        if (const auto* f = std::get_if<Facts>(&b.content)) return table(writer_parts::facts_table(*f));
        if (const auto* t = std::get_if<Table>(&b.content)) return table(*t);
        if (const auto* c = std::get_if<CurrencyNote>(&b.content))
            return paragraph(writer_parts::currency_paragraph(*c, m_currency));
        return "";  // charts are in the HTML page
    }

    const Currency& m_currency;
};

}  // namespace

std::string write_markdown(const Document& document, const RenderOptions& options) {
    const MarkdownWriter writer(options);
    return writer_parts::join_shown(document.sections, &Shown::markdown, "\n",
                                    [&](const Section& s) { return writer.section(s); });
}

}  // namespace gpucost

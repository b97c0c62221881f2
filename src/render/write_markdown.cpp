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
        : currency(options.currency) {}

    std::string section(const Section& s) const {
        const std::string body = writer_parts::join_shown(s.blocks, &Shown::markdown, "\n", [&](const Block& b) {
            return writer_parts::block(*this, b, &Shown::markdown, "\n");
        });
        const std::string heading = markdown_cell(human_text(s.heading, currency));
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

    std::string paragraph(const Paragraph& p) const {
        const std::string text = markdown_cell(human_text(p.text, currency));
        if (text.empty()) return "";
        if (p.role == Role::source) return "<sub>" + text + "</sub>\n";
        return (p.strong ? "**" + text + "**" : text) + "\n";
    }

    // A GitHub table: the header, its alignment row (a numeric column right), then the rows, strong cells in bold.
    // A table without a header takes its first row as one (markdown has no headless table).
    std::string table(const Table& t) const {
        const writer_parts::HumanTable human = writer_parts::human_table(t, currency, "**");
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

    // A title one level below its HTML level (a comment has no page title); charts are in the HTML page.
    std::string heading(const Heading& h) const {
        return std::string(static_cast<std::size_t>(h.level) + 1, '#') + " " +
               markdown_cell(human_text(h.text, currency)) + "\n";
    }
    std::string chart(const ChartRef&) const { return ""; }

    const Currency& currency;
};

}  // namespace

std::string write_markdown(const Document& document, const RenderOptions& options) {
    const MarkdownWriter writer(options);
    return writer_parts::join_shown(document.sections, &Shown::markdown, "\n",
                                    [&](const Section& s) { return writer.section(s); });
}

}  // namespace gpucost

// A document as one self-contained HTML page: level-2 sections are <section id><h2>, a level-3 one an <h3> inside
// the section before it, charts drawn as inline SVG figures. Every text goes through xml_escape; the page loads
// nothing (no fonts, scripts, images or links outside it) and reads the same with scripts off.

#include <fmt/format.h>

#include "gpucost/render/render.hpp"
#include "gpucost/render/svg.hpp"
#include "writer_parts.hpp"

namespace gpucost {
namespace {

// The page's style. System fonts only: nothing is fetched. Print keeps the charts whole on a page.
constexpr const char* k_style = R"(body{margin:0;background:#fff;color:#111;font:15px/1.45 sans-serif}
main{max-width:980px;margin:0 auto;padding:16px 24px 40px}
h1{font-size:24px;margin:8px 0 4px}h2{font-size:19px;margin:28px 0 8px;border-bottom:1px solid #ccc}
.verdict{font-size:18px;font-weight:bold;padding:10px 14px;border-left:6px solid #0072B2;background:#f2f7fb}
.meta,.note{color:#444}.warning{color:#7a3d00}
table{border-collapse:collapse;margin:6px 0 12px}th,td{padding:3px 10px;border-bottom:1px solid #e2e2e2;text-align:left;vertical-align:top}
th{background:#f4f4f4}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
figure{margin:16px 0}figcaption{color:#444;font-size:13px;max-width:720px}svg.chart{max-width:100%;height:auto}
.source{font-size:13px;color:#444;overflow-wrap:anywhere}
@media print{figure{break-inside:avoid}}
)";

class HtmlWriter {
public:
    explicit HtmlWriter(const RenderOptions& options)
        : currency(options.currency) {}

    std::string text(const Inline& words) const { return human_text(words, currency); }

    std::string blocks(const Section& s) const {
        return writer_parts::join_shown(s.blocks, &Shown::html, "", [&](const Block& b) {
            return writer_parts::block(*this, b, &Shown::html, "");
        });
    }

    std::string paragraph(const Paragraph& p) const {
        const std::string words = xml_escape(text(p.text));
        if (words.empty()) return "";
        const std::string css = writer_parts::look(p.role).css_class;
        return (css.empty() ? "<p>" : "<p class=\"" + css + "\">") +
               (p.strong ? "<strong>" + words + "</strong>" : words) + "</p>\n";
    }

    // Numeric columns align right; a table without a header takes its first row as one.
    std::string table(const Table& t) const {
        const writer_parts::HumanTable human = writer_parts::human_table(t, currency);
        const auto cls = [&t](std::size_t i) { return i < t.numeric.size() && t.numeric[i] ? " class=\"num\"" : ""; };
        std::string out = "<table>\n<thead><tr>";
        for (std::size_t i = 0; i < human.header.size(); ++i)
            out += fmt::format("<th{}>{}</th>", cls(i), xml_escape(human.header[i]));
        out += "</tr></thead>\n<tbody>\n";
        for (const std::vector<std::string>& row : human.rows) {
            out += "<tr>";
            for (std::size_t i = 0; i < row.size(); ++i)
                out += fmt::format("<td{}>{}</td>", cls(i), xml_escape(row[i]));
            out += "</tr>\n";
        }
        return out + "</tbody>\n</table>\n";
    }

    std::string heading(const Heading& h) const {
        return fmt::format("<h{}>{}</h{}>\n", h.level, xml_escape(text(h.text)), h.level);
    }

    std::string chart(const ChartRef& c) const {
        return "<figure>\n" + c.draw(currency, c.id) + "<figcaption>" + xml_escape(text(c.caption)) +
               "</figcaption>\n</figure>\n";
    }

    const Currency& currency;
};

}  // namespace

HtmlPage::HtmlPage(const std::string& title, const RenderOptions& options, const TextSink& sink)
    : m_options(options),
      m_sink(sink) {
    m_sink(fmt::format("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
                       "<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n<main>\n",
                       xml_escape(title), k_style));
}

void HtmlPage::add(const Section& s) {
    if (!s.shown.html) return;
    const HtmlWriter writer(m_options);
    if (s.level >= 3 && m_section_open) {
        if (!s.heading.empty()) m_sink("<h3>" + xml_escape(writer.text(s.heading)) + "</h3>\n");
        m_sink(writer.blocks(s));
        return;
    }
    close_section();
    if (s.heading.empty()) return m_sink(writer.blocks(s));
    if (s.heading_role != Role::plain)  // the heading is the section's first paragraph
        return m_sink("<section id=\"" + xml_escape(s.id) + "\">\n" +
                      writer.paragraph({s.heading, s.heading_role, false}) + writer.blocks(s) + "</section>\n");
    m_sink(fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n", xml_escape(s.id), xml_escape(writer.text(s.heading))));
    m_sink(writer.blocks(s));
    m_section_open = true;
}

void HtmlPage::close_section() {
    if (m_section_open) m_sink("</section>\n");
    m_section_open = false;
}

void HtmlPage::finish() {
    close_section();
    m_sink("</main>\n</body>\n</html>\n");
}

std::string write_html(const Document& document, const RenderOptions& options) {
    return collected([&](const TextSink& sink) {
        HtmlPage page(document.title, options, sink);
        for (const Section& s : document.sections) page.add(s);
        page.finish();
    });
}

}  // namespace gpucost

#include "gpucost/render/svg.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == ':';
}

void check_name(std::string_view name) {
    if (name.empty()) throw std::logic_error("SvgWriter: empty name");
    if (!std::all_of(name.begin(), name.end(), is_name_char))
        throw std::logic_error("SvgWriter: bad name: " + std::string(name));
}

std::string indent(std::size_t depth) { return std::string(depth * 2, ' '); }

}  // namespace

std::string xml_escape(std::string_view text) {
    // Controls and bidi marks made visible as every writer shows them (escape_html); tabs and line breaks, which
    // XML keeps as white space, are kept; an apostrophe is escaped too, for attributes.
    std::string out;
    out.reserve(text.size());
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find_first_of("\t\n\r", start), text.size());
        for (const char c : escape_html(text.substr(start, end - start)))
            out += c == '\'' ? std::string_view("&#39;") : std::string_view(&c, 1);
        if (end == text.size()) break;
        out += text[end];
        start = end + 1;
    }
    return out;
}

std::string svg_number(double value) {
    if (!std::isfinite(value)) return "0";
    std::string text = fmt::format("{:.2f}", value);
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
    // Two decimals can round a small negative to zero: "-0" would differ from "0" between platforms' tools.
    if (text == "-0") text = "0";
    return text;
}

std::string data_number(double value) {
    if (!std::isfinite(value)) return "";
    return fmt::format("{}", value + 0.0);  // + 0.0: -0 becomes 0 (IEEE: -0 + 0 == +0)
}

std::string data_numbers(const std::vector<double>& values) {
    std::string out;
    for (const double v : values) out += (out.empty() ? "" : " ") + data_number(v);
    return out;
}

void SvgWriter::start_tag(std::string_view tag, const std::vector<SvgAttribute>& attributes, std::string_view end) {
    check_name(tag);
    m_out += indent(m_open.size()) + '<' + std::string(tag);
    for (const SvgAttribute& a : attributes) {
        check_name(a.name);
        m_out += ' ' + a.name + "=\"" + xml_escape(a.value) + '"';
    }
    m_out += end;
}

SvgWriter& SvgWriter::open(std::string_view tag, const std::vector<SvgAttribute>& attributes) {
    start_tag(tag, attributes, ">\n");
    m_open.emplace_back(tag);
    return *this;
}

SvgWriter& SvgWriter::close() {
    if (m_open.empty()) throw std::logic_error("SvgWriter: close() with no element open");
    m_out += indent(m_open.size() - 1) + "</" + m_open.back() + ">\n";
    m_open.pop_back();
    return *this;
}

SvgWriter& SvgWriter::leaf(std::string_view tag, const std::vector<SvgAttribute>& attributes) {
    start_tag(tag, attributes, "/>\n");
    return *this;
}

SvgWriter& SvgWriter::text(std::string_view tag, const std::vector<SvgAttribute>& attributes,
                           std::string_view content) {
    start_tag(tag, attributes, ">");
    m_out += xml_escape(content) + "</" + std::string(tag) + ">\n";
    return *this;
}

std::string SvgWriter::str() const {
    if (!m_open.empty()) throw std::logic_error("SvgWriter: <" + m_open.back() + "> is still open");
    return m_out;
}

std::string svg_document(const SvgDocument& d, const std::string& body) {
    std::vector<SvgAttribute> root = {{"id", d.id},
                                      {"class", "chart"},
                                      {"width", svg_number(d.width)},
                                      {"height", svg_number(d.height)},
                                      {"viewBox", "0 0 " + svg_number(d.width) + " " + svg_number(d.height)},
                                      {"role", "img"},
                                      {"aria-labelledby", d.id + "-title " + d.id + "-desc"},
                                      {"font-family", "sans-serif"},
                                      {"font-size", "12"}};
    if (d.standalone) root.insert(root.begin(), {"xmlns", "http://www.w3.org/2000/svg"});
    root.insert(root.end(), d.data.begin(), d.data.end());
    SvgWriter head;
    head.open("svg", root);
    head.text("title", {{"id", d.id + "-title"}}, d.title);
    head.text("desc", {{"id", d.id + "-desc"}}, d.desc);
    std::string out = head.close().str();
    // The writer closed the root to hand its text over; the body goes in before that closing tag, a level deeper.
    std::string indented;
    for (std::size_t start = 0, stop = 0; start < body.size(); start = stop) {
        stop = std::min(body.find('\n', start), body.size() - 1) + 1;
        indented += "  " + body.substr(start, stop - start);
    }
    out.insert(out.size() - std::string_view("</svg>\n").size(), indented);
    return (d.standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "") + out;
}

}  // namespace gpucost

// The SVG writer: elements and attributes written with every text escaped, every number printed the same way on
// every platform, and a document wrapper with the <title> and <desc> screen readers announce. It knows nothing of
// charts or reports (chart.hpp builds on it).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpucost {

// `text` safe inside XML and HTML text and double-quoted attributes: & < > " ' become entities; controls (but tab,
// newline and carriage return), DEL, C1 and bidi controls are made visible as escape_html shows them ("\x1b").
std::string xml_escape(std::string_view text);

// A coordinate or length for drawing: fixed point with at most two decimals, trailing zeros dropped, never "-0"
// ("12.5", "3", "-0.25"); a value that is not finite prints as "0".
std::string svg_number(double value);

// A figure for a data- attribute, exact: the shortest text that reads back as the same double ("4512.25",
// "0.1", "1e+21"), never "-0"; a value that is not finite prints as "" (not applicable).
std::string data_number(double value);

// Several figures for one data- attribute, separated by single spaces.
std::string data_numbers(const std::vector<double>& values);

// One attribute: a name (letters, digits, '-', ':'; checked) and its value, escaped when written.
struct SvgAttribute {
    std::string name;
    std::string value;
};

// Builds SVG markup element by element, indented two spaces a level. Throws std::logic_error for a bad attribute
// name or an element closed that was not open (a bug in the caller, not in the input).
class SvgWriter {
public:
    // Opens <tag ...>; close() ends it.
    SvgWriter& open(std::string_view tag, const std::vector<SvgAttribute>& attributes = {});
    // Closes the innermost open element.
    SvgWriter& close();
    // An empty element: <tag .../>.
    SvgWriter& leaf(std::string_view tag, const std::vector<SvgAttribute>& attributes = {});
    // An element holding only text, escaped: <tag ...>text</tag>.
    SvgWriter& text(std::string_view tag, const std::vector<SvgAttribute>& attributes, std::string_view content);
    // The markup so far; throws std::logic_error while an element is still open.
    std::string str() const;

private:
    void start_tag(std::string_view tag, const std::vector<SvgAttribute>& attributes, std::string_view end);
    std::string m_out;
    std::vector<std::string> m_open;
};

// What a whole SVG document says about itself.
struct SvgDocument {
    std::string id;  // unique within an HTML page (inline SVGs share one id space); prefixes every id inside
    double width = 720.0;
    double height = 400.0;
    std::string title;               // <title>: the chart's name
    std::string desc;                // <desc>: what it shows, in a sentence or two, with the figures
    std::vector<SvgAttribute> data;  // data- attributes on the root, e.g. {"data-chart", "cumulative-spend"}
    bool standalone = true;          // a file of its own: XML declaration and the SVG namespace
};

// The document: the root <svg> (viewBox, role="img", aria-labelledby its title and desc), <title>, <desc>, then
// `body` (markup from an SvgWriter), closed.
std::string svg_document(const SvgDocument& document, const std::string& body);

}  // namespace gpucost

// Reading the charts' SVG back in tests (issue 25): its elements with their attributes and text, the colour a mark
// is painted with (a url() resolved to its pattern's base colour), whether a colour is a tint of a hue, and the
// box a text takes, estimated from its length as the charts estimate it.
#pragma once

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpucost::test {

struct SvgElement {
    std::string tag;
    std::map<std::string, std::string> attributes;
    std::string text;        // a <text>'s content, entities left as written
    bool in_legend = false;  // inside <g class="legend">
    bool in_defs = false;    // inside <defs> (a pattern's tile)
    std::string side;        // its data-side, or that of the <g> it is in
    std::string attribute(const std::string& name) const {
        const auto at = attributes.find(name);
        return at == attributes.end() ? std::string() : at->second;
    }
};

// The elements of `svg` in document order (closing tags and <title>/<desc> text skipped).
inline std::vector<SvgElement> svg_elements(const std::string& svg) {
    std::vector<SvgElement> out;
    std::vector<std::string> open_classes;  // the class of each open <g>
    std::vector<std::string> open_sides;    // and its data-side
    bool in_defs = false;
    for (std::size_t at = svg.find('<'); at != std::string::npos; at = svg.find('<', at + 1)) {
        if (svg.compare(at, 3, "</g") == 0) {
            if (!open_classes.empty()) open_classes.pop_back();
            if (!open_sides.empty()) open_sides.pop_back();
            continue;
        }
        if (svg.compare(at, 6, "</defs") == 0) in_defs = false;
        if (svg[at + 1] == '/' || svg[at + 1] == '?' || svg[at + 1] == '!') continue;
        SvgElement e;
        std::size_t i = at + 1;
        while (i < svg.size() && svg[i] != ' ' && svg[i] != '>' && svg[i] != '/') e.tag += svg[i++];
        while (i < svg.size() && svg[i] != '>') {
            if (svg[i] == ' ' || svg[i] == '/') {
                ++i;
                continue;
            }
            const std::size_t eq = svg.find('=', i);
            const std::size_t end = svg.find('"', eq + 2);
            e.attributes[svg.substr(i, eq - i)] = svg.substr(eq + 2, end - eq - 2);
            i = end + 1;
        }
        const bool empty_element = svg[i - 1] == '/';
        e.in_defs = in_defs;
        if (e.tag == "defs" && !empty_element) in_defs = true;
        if (e.tag == "text") e.text = svg.substr(i + 1, svg.find("</text>", i) - i - 1);
        for (const std::string& c : open_classes) e.in_legend = e.in_legend || c == "legend";
        e.side = e.attribute("data-side");
        for (const std::string& s : open_sides)
            if (e.side.empty()) e.side = s;
        if (e.tag == "g" && !empty_element) {
            open_classes.push_back(e.attribute("class"));
            open_sides.push_back(e.attribute("data-side"));
        }
        out.push_back(e);
    }
    return out;
}

// The colour an element paints with: its stroke for lines, else its fill; a url(#id) is its pattern's first
// <rect>'s fill. "" when it paints with neither.
inline std::string paint_of(const std::vector<SvgElement>& elements, const SvgElement& e) {
    const bool line = e.tag == "polyline" || e.tag == "line" || e.tag == "path";
    std::string paint = e.attribute(line ? "stroke" : "fill");
    if (paint.rfind("url(#", 0) != 0) return paint;
    const std::string id = paint.substr(5, paint.size() - 6);
    for (std::size_t i = 0; i < elements.size(); ++i)
        if (elements[i].tag == "pattern" && elements[i].attribute("id") == id)
            for (std::size_t j = i + 1; j < elements.size() && elements[j].tag != "pattern"; ++j)
                if (elements[j].tag == "rect") return elements[j].attribute("fill");
    return "";
}

// How strongly `colour` ("#rrggbb", any case) is `hue` mixed with white (1: the hue, 0: white), or nothing when
// it is no such mix (its channels' distances from white are not in one proportion, within 2 of 255).
inline std::optional<double> tint_of(const std::string& colour, const std::string& hue) {
    if (colour.size() != 7 || colour[0] != '#') return std::nullopt;
    double c[3];
    double h[3];
    std::size_t widest = 0;  // the channel farthest from white in the hue reads the strength most exactly
    for (std::size_t i = 0; i < 3; ++i) {
        c[i] = std::stoi(colour.substr(1 + 2 * i, 2), nullptr, 16);
        h[i] = std::stoi(hue.substr(1 + 2 * i, 2), nullptr, 16);
        if (h[i] < h[widest]) widest = i;
    }
    const double strength = (255.0 - c[widest]) / (255.0 - h[widest]);
    for (std::size_t i = 0; i < 3; ++i)
        if (std::fabs(255.0 + (h[i] - 255.0) * strength - c[i]) > 2.0) return std::nullopt;
    return strength;
}

// The box a <text> takes: 0.6 of its font size a character (1.1 times that in bold, as chart_labels.cpp
// reckons), from 0.7 of the size above its baseline to 0.2 below, placed by its anchor.
struct TextBox {
    double left = 0.0;
    double right = 0.0;
    double top = 0.0;
    double bottom = 0.0;
    bool overlaps(const TextBox& o) const {
        return left < o.right && o.left < right && top < o.bottom && o.top < bottom;
    }
};

inline TextBox text_box(const SvgElement& e) {
    const std::string size = e.attribute("font-size");
    const double font = size.empty() ? 12.0 : std::stod(size);
    std::size_t chars = 0;
    for (std::size_t i = 0; i < e.text.size(); ++i) {
        if ((static_cast<unsigned char>(e.text[i]) & 0xC0) == 0x80) continue;
        if (e.text[i] == '&') i = e.text.find(';', i);  // an entity is one character
        ++chars;
    }
    const double width = static_cast<double>(chars) * font * 0.6 * (e.attribute("font-weight") == "bold" ? 1.1 : 1.0);
    const double x = std::stod(e.attribute("x"));
    const double y = std::stod(e.attribute("y"));
    const std::string anchor = e.attribute("text-anchor");
    const double left = anchor == "end" ? x - width : anchor == "middle" ? x - width / 2 : x;
    return {left, left + width, y - 0.7 * font, y + 0.2 * font};
}

}  // namespace gpucost::test

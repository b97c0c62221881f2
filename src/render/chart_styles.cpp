// The charts' styles, title and legend: the colour rule of chart.hpp (owning blue and plain, renting vermilion and
// hatched, nothing else in either colour) in one place.
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "chart_parts.hpp"

namespace gpucost::chart_parts {
namespace {

constexpr LineStyle k_own_line = {k_own_colour, "", 2.5};
constexpr LineStyle k_rent_line = {k_rent_colour, "8 4", 2.5};
// The palette's other colours for marks of neither side, each with a dash of its own.
constexpr std::array<LineStyle, 4> k_other_lines = {{
    {"#009E73", "2 3", 2.5},       // bluish green, dotted
    {"#CC79A7", "10 3 2 3", 2.5},  // reddish purple, dash-dot
    {"#000000", "5 5", 2.0},       // black, long dashes
    {"#999999", "1 6", 3.0},       // grey, sparse dots
}};

// Textures on a 6 x 6 tile. Owning's are plain or straight; every one of renting's carries the diagonal.
constexpr std::array<const char*, 4> k_own_textures = {"", "M0,3 L6,3", "M3,0 L3,6", "M3,0 L3,6 M0,3 L6,3"};
constexpr std::array<const char*, 4> k_rent_textures = {"M0,6 L6,0", "M0,6 L6,0 M0,0 L6,6", "M0,6 L6,0 M0,3 L6,3",
                                                        "M0,6 L6,0 M3,0 L3,6"};
// The tints of one hue a tone's kinds step through after its textures: the full hue, then mixed with white.
constexpr std::array<double, 3> k_tints = {1.0, 0.65, 0.35};

// The fill of the n-th kind (`variant`) of a tone in one chart.
FillStyle tone_fill(Whose tone, std::size_t variant) {
    const std::size_t texture = variant % 4;
    const double strength = k_tints[(variant / 4) % k_tints.size()];
    const char* hue = tone == Whose::own    ? k_own_colour
                      : tone == Whose::rent ? k_rent_colour
                                            : k_other_lines[variant % k_other_lines.size()].colour;
    const char* path = tone == Whose::own    ? k_own_textures[texture]
                       : tone == Whose::rent ? k_rent_textures[texture]
                                             : k_own_textures[(variant / k_other_lines.size()) % 4];
    // White lines read on the full hue and the middle tint; on the lightest tint the texture takes the hue.
    return {tint(hue, strength), path, strength > 0.5 ? "#FFFFFF" : tint(hue, 1.0)};
}

}  // namespace

std::string tint(const char* hex, double strength) {
    unsigned rgb[3] = {0, 0, 0};
    for (int i = 0; i < 3; ++i)
        rgb[i] = static_cast<unsigned>(std::stoul(std::string(hex + 1 + 2 * i, 2), nullptr, 16));
    auto mix = [strength](unsigned c) { return std::lround(255.0 + (static_cast<double>(c) - 255.0) * strength); };
    return fmt::format("#{:02X}{:02X}{:02X}", mix(rgb[0]), mix(rgb[1]), mix(rgb[2]));
}

const LineStyle& line_style(Whose tone, std::size_t other_index) {
    if (tone == Whose::own) return k_own_line;
    if (tone == Whose::rent) return k_rent_line;
    return k_other_lines[other_index % k_other_lines.size()];
}

std::vector<FillStyle> tone_fills(const std::vector<Whose>& tones) {
    std::vector<FillStyle> fills;
    std::size_t counts[3] = {0, 0, 0};
    for (const Whose tone : tones) fills.push_back(tone_fill(tone, counts[static_cast<std::size_t>(tone)]++));
    return fills;
}

void add_side(std::vector<SvgAttribute>& attributes, Whose tone) {
    if (tone != Whose::other) attributes.push_back({"data-side", tone == Whose::own ? "own" : "rent"});
}

std::string fill(const std::string& document_id, std::size_t index) {
    return fmt::format("url(#{}-fill-{})", document_id, index);
}

void write_fills(SvgWriter& svg, const std::string& document_id, const std::vector<FillStyle>& fills) {
    svg.open("defs");
    for (std::size_t i = 0; i < fills.size(); ++i) {
        svg.open("pattern", {{"id", fmt::format("{}-fill-{}", document_id, i)},
                             {"patternUnits", "userSpaceOnUse"},
                             {"width", "6"},
                             {"height", "6"}});
        svg.leaf("rect", {{"width", "6"}, {"height", "6"}, {"fill", fills[i].colour}});
        if (!fills[i].texture.empty())
            svg.leaf("path", {{"d", fills[i].texture}, {"stroke", fills[i].ink}, {"stroke-width", "1.2"}});
        svg.close();
    }
    svg.close();
}

LegendItem legend_line(const std::string& name, const LineStyle& style) {
    return {name, LegendItem::Swatch::line, style.colour, style.dash, style.width};
}

LegendItem legend_box(const std::string& name, const std::string& paint) {
    return {name, LegendItem::Swatch::box, paint};
}

namespace {

double item_width(const LegendItem& item) {
    const bool heading = item.swatch == LegendItem::Swatch::heading;
    return heading ? text_width(item.name) * 1.1 + 10.0 : 28.0 + text_width(item.name) + 16.0;  // a heading is bold
}

// An item's sample and name, with its text's baseline at y; a heading is its name alone, in bold.
void write_item(SvgWriter& svg, const LegendItem& item, double x, double y) {
    using Swatch = LegendItem::Swatch;
    if (item.swatch == Swatch::heading) {
        svg.text("text", {{"x", svg_number(x)}, {"y", svg_number(y)}, {"font-weight", "bold"}}, item.name);
        return;
    }
    if (item.swatch == Swatch::line)
        write_line(svg, x, y - 4, x + 22, y - 4,
                   {{"stroke", item.paint},
                    {"stroke-width", svg_number(item.width)},
                    {"stroke-dasharray", item.dash.empty() ? "none" : item.dash}});
    else if (item.swatch == Swatch::box)
        svg.leaf("rect", rect_attributes({}, x, y - 11, 22, 12,
                                         {{"fill", item.paint}, {"stroke", "#333333"}, {"stroke-width", "0.5"}}));
    else
        svg.leaf("circle", {{"cx", svg_number(x + 11)},
                            {"cy", svg_number(y - 4)},
                            {"r", "4"},
                            {"fill", item.swatch == Swatch::dot ? "#000000" : "#FFFFFF"},
                            {"stroke", "#000000"},
                            {"stroke-width", "1.5"}});
    svg.text("text", {{"x", svg_number(x + 28)}, {"y", svg_number(y)}}, item.name);
}

// The legend in rows from (x, y), wrapping 12 units short of the document's right edge; how many rows it took.
std::size_t write_legend(SvgWriter& svg, const SvgDocument& document, const std::vector<LegendItem>& items, double x,
                         double y) {
    svg.open("g", {{"class", "legend"}});
    std::size_t rows = items.empty() ? 0 : 1;
    const double start = x;
    for (const LegendItem& item : items) {
        const double width = item_width(item);
        if (x > start && x + width > document.width - 12.0) {
            x = start;
            y += 18.0;
            ++rows;
        }
        write_item(svg, item, x, y);
        x += width;
    }
    svg.close();
    return rows;
}

}  // namespace

void write_heading(SvgWriter& svg, const SvgDocument& document, const std::vector<LegendItem>& legend, double left) {
    svg.text("text", {{"class", "chart-title"}, {"x", "12"}, {"y", "20"}, {"font-size", "15"}, {"font-weight", "bold"}},
             document.title);
    write_legend(svg, document, legend, left, 48.0);
}

std::size_t legend_rows(const SvgDocument& document, const std::vector<LegendItem>& legend, double left) {
    SvgWriter scratch;
    return write_legend(scratch, document, legend, left, 0.0);
}

}  // namespace gpucost::chart_parts

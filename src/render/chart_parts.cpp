#include "chart_parts.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

namespace gpucost {

std::vector<double> nice_ticks(double low, double high, int max_count) {
    max_count = std::max(max_count, 2);
    if (!(std::isfinite(low) && std::isfinite(high))) return {0.0, 1.0};
    if (high < low) std::swap(low, high);
    if (high - low < 1e-9 * std::max(1.0, std::fabs(high))) {
        // A flat series: one step either side, so it sits mid-plot.
        const double pad = low == 0.0 ? 1.0 : std::fabs(low) * 0.1;
        low -= pad;
        high += pad;
    }
    const double raw = (high - low) / (max_count - 1);
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    double step = power * 10.0;
    double multiple = 10.0;
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        multiple = m;
        step = m * power;
        const double first = std::floor(low / step + 1e-9) * step;
        const double last = std::ceil(high / step - 1e-9) * step;
        if (std::lround((last - first) / step) + 1 <= max_count) break;
    }
    std::vector<double> ticks;
    const long first = std::lround(std::floor(low / step + 1e-9));
    const long last = std::lround(std::ceil(high / step - 1e-9));
    // Below 1 a tick is i x m / 10^k, one correctly rounded division: 3 / 10 is 0.3, where 3 x 0.1 is
    // 0.30000000000000004 and would print as such in a data- attribute.
    const double inverse = power < 1.0 ? std::round(1.0 / power) : 0.0;
    for (long i = first; i <= last; ++i) {
        const double count = static_cast<double>(i) * multiple;
        ticks.push_back((inverse > 0.0 ? count / inverse : count * power) + 0.0);
    }
    return ticks;
}

namespace {

// The fewest decimals that print every multiple of `step` exactly: 0.25 -> 2, 0.5 -> 1, 20 -> 0 (at most 6).
int decimals_for(double step) {
    if (!(step > 0.0)) return 0;
    double scaled = step;
    for (int d = 0; d < 6; ++d, scaled *= 10.0)
        if (std::fabs(scaled - std::round(scaled)) <= 1e-9 * std::max(1.0, scaled)) return d;
    return 6;
}

}  // namespace

std::string money_tick(double value, double step, const Currency& currency) {
    const std::string symbol = currency.is_usd() ? "$" : currency.code + " ";
    if (value == 0.0) return symbol + "0";  // "$0", not "$0k"
    const double magnitude = std::max(std::fabs(value), step);
    double unit = 1.0;
    const char* suffix = "";
    if (magnitude >= 1e9) {
        unit = 1e9;
        suffix = "B";
    } else if (magnitude >= 1e6) {
        unit = 1e6;
        suffix = "M";
    } else if (magnitude >= 1e3) {
        unit = 1e3;
        suffix = "k";
    }
    const std::string digits = format_grouped(value / unit, decimals_for(step / unit));
    const bool negative = !digits.empty() && digits[0] == '-';
    return (negative ? "-" : "") + symbol + (negative ? digits.substr(1) : digits) + suffix;
}

std::string number_tick(double value, double step) { return format_grouped(value, decimals_for(step)); }

namespace chart_parts {

namespace {

constexpr double k_title_height = 28.0;   // the heading's line
constexpr double k_legend_height = 40.0;  // room for two legend rows
constexpr double k_right_margin = 24.0;
constexpr double k_bottom_margin = 52.0;  // tick labels and the axis label

// Okabe & Ito's palette for colour-blind readers (https://jfly.uni-koeln.de/color/), in an order whose
// neighbours also differ in lightness, each with its own dash so grey-scale prints keep the lines apart.
constexpr std::array<LineStyle, 6> k_line_styles = {{
    {"#0072B2", "", 2.5},          // blue, solid
    {"#D55E00", "8 4", 2.5},       // vermilion, dashed
    {"#009E73", "2 3", 2.5},       // bluish green, dotted
    {"#CC79A7", "10 3 2 3", 2.5},  // reddish purple, dash-dot
    {"#E69F00", "5 5", 2.5},       // orange, long dashes
    {"#56B4E9", "1 6", 3.0},       // sky blue, sparse dots
}};

// The fills' colours (the same palette, plus black and grey) and textures drawn over them in white.
constexpr std::array<const char*, 8> k_fill_colours = {"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                                       "#56B4E9", "#D55E00", "#000000", "#999999"};
constexpr std::array<const char*, 4> k_fill_textures = {
    "",                     // plain
    "M0,6 L6,0",            // diagonal
    "M0,3 L6,3",            // horizontal
    "M3,0 L3,6 M0,3 L6,3",  // cross
};

}  // namespace

Plot plot_area(const SvgDocument& d, double left_margin) {
    Plot p;
    p.left = left_margin;
    p.top = k_title_height + k_legend_height;
    p.width = std::max(10.0, d.width - left_margin - k_right_margin);
    p.height = std::max(10.0, d.height - p.top - k_bottom_margin);
    return p;
}

double Scale::at(double value) const noexcept {
    if (high == low) return (from + to) / 2.0;
    return from + (value - low) / (high - low) * (to - from);
}

Ticks axis_ticks(const Axis& axis, double low, double high, int max_count) {
    if (axis.min) low = *axis.min;
    if (axis.max) high = *axis.max;
    if (axis.format == TickFormat::money) {
        low = std::min(low, 0.0);
        high = std::max(high, 0.0);
    }
    Ticks t;
    t.values = axis.ticks.empty() ? nice_ticks(low, high, max_count) : axis.ticks;
    t.step = t.values.size() > 1 ? t.values[1] - t.values[0] : 1.0;
    return t;
}

std::string tick_label(const Axis& axis, double value, double step) {
    return axis.format == TickFormat::money ? money_tick(value, step, axis.currency) : number_tick(value, step);
}

const LineStyle& line_style(std::size_t index) { return k_line_styles[index % k_line_styles.size()]; }

std::string fill(const std::string& document_id, std::size_t index) {
    return fmt::format("url(#{}-fill-{})", document_id, index);
}

void write_fills(SvgWriter& svg, const std::string& document_id, std::size_t count) {
    svg.open("defs");
    for (std::size_t i = 0; i < count; ++i) {
        svg.open("pattern", {{"id", fmt::format("{}-fill-{}", document_id, i)},
                             {"patternUnits", "userSpaceOnUse"},
                             {"width", "6"},
                             {"height", "6"}});
        svg.leaf("rect", {{"width", "6"}, {"height", "6"}, {"fill", k_fill_colours[i % k_fill_colours.size()]}});
        // The texture changes once per round of colours, so fill 8 differs from fill 0 in grey-scale too.
        const char* texture = k_fill_textures[(i + i / k_fill_colours.size()) % k_fill_textures.size()];
        if (*texture != '\0') svg.leaf("path", {{"d", texture}, {"stroke", "#ffffff"}, {"stroke-width", "1.2"}});
        svg.close();
    }
    svg.close();
}

void write_heading(SvgWriter& svg, const SvgDocument& d) {
    svg.text("text", {{"class", "chart-title"}, {"x", "12"}, {"y", "20"}, {"font-size", "15"}, {"font-weight", "bold"}},
             d.title);
}

double text_width(const std::string& text, double font_size) {
    std::size_t code_points = 0;
    for (const char c : text)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++code_points;
    return static_cast<double>(code_points) * font_size * 0.6;
}

std::string shorten(const std::string& text, std::size_t max_chars) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
        if (count == max_chars - 1) return text.substr(0, i) + "\u2026";
        ++count;
    }
    return text;
}

void write_legend(SvgWriter& svg, const std::string& document_id, const std::vector<LegendItem>& items, double x,
                  double y, double right) {
    svg.open("g", {{"class", "legend"}});
    const double start = x;
    for (const LegendItem& item : items) {
        const double width = 28.0 + text_width(item.name) + 16.0;
        if (x > start && x + width > right) {
            x = start;
            y += 18.0;
        }
        if (item.line) {
            const LineStyle& s = line_style(item.style);
            svg.leaf("line", {{"x1", svg_number(x)},
                              {"y1", svg_number(y - 4)},
                              {"x2", svg_number(x + 22)},
                              {"y2", svg_number(y - 4)},
                              {"stroke", s.colour},
                              {"stroke-width", svg_number(s.width)},
                              {"stroke-dasharray", *s.dash != '\0' ? s.dash : "none"}});
        } else {
            svg.leaf("rect", {{"x", svg_number(x)},
                              {"y", svg_number(y - 11)},
                              {"width", "22"},
                              {"height", "12"},
                              {"fill", fill(document_id, item.style)},
                              {"stroke", "#333333"},
                              {"stroke-width", "0.5"}});
        }
        svg.text("text", {{"x", svg_number(x + 28)}, {"y", svg_number(y)}}, item.name);
        x += width;
    }
    svg.close();
}

void write_x_axis(SvgWriter& svg, const Plot& plot, const Scale& scale, const Axis& axis, const Ticks& ticks) {
    svg.open("g", {{"class", "axis x-axis"}});
    svg.leaf("line", {{"x1", svg_number(plot.left)},
                      {"y1", svg_number(plot.bottom())},
                      {"x2", svg_number(plot.right())},
                      {"y2", svg_number(plot.bottom())},
                      {"stroke", "#333333"}});
    for (const double v : ticks.values) {
        const std::string x = svg_number(scale.at(v));
        svg.leaf("line", {{"x1", x},
                          {"y1", svg_number(plot.top)},
                          {"x2", x},
                          {"y2", svg_number(plot.bottom() + 4)},
                          {"stroke", "#dddddd"}});
        svg.text("text", {{"x", x}, {"y", svg_number(plot.bottom() + 17)}, {"text-anchor", "middle"}},
                 tick_label(axis, v, ticks.step));
    }
    svg.text("text",
             {{"class", "axis-label"},
              {"x", svg_number(plot.left + plot.width / 2)},
              {"y", svg_number(plot.bottom() + 38)},
              {"text-anchor", "middle"}},
             axis.label);
    svg.close();
}

void write_y_axis(SvgWriter& svg, const Plot& plot, const Scale& scale, const Axis& axis, const Ticks& ticks) {
    svg.open("g", {{"class", "axis y-axis"}});
    svg.leaf("line", {{"x1", svg_number(plot.left)},
                      {"y1", svg_number(plot.top)},
                      {"x2", svg_number(plot.left)},
                      {"y2", svg_number(plot.bottom())},
                      {"stroke", "#333333"}});
    for (const double v : ticks.values) {
        const std::string y = svg_number(scale.at(v));
        svg.leaf("line", {{"x1", svg_number(plot.left - 4)},
                          {"y1", y},
                          {"x2", svg_number(plot.right())},
                          {"y2", y},
                          {"stroke", v == 0.0 ? "#888888" : "#dddddd"}});
        svg.text("text", {{"x", svg_number(plot.left - 7)}, {"y", svg_number(scale.at(v) + 4)}, {"text-anchor", "end"}},
                 tick_label(axis, v, ticks.step));
    }
    const std::string x = svg_number(14);
    const std::string y = svg_number(plot.top + plot.height / 2);
    svg.text("text",
             {{"class", "axis-label"},
              {"x", x},
              {"y", y},
              {"text-anchor", "middle"},
              {"transform", "rotate(-90 " + x + " " + y + ")"}},
             axis.label);
    svg.close();
}

void write_marker(SvgWriter& svg, const Plot& plot, const Scale& x_scale, const Marker& marker, std::size_t index) {
    const double x = x_scale.at(marker.x);
    svg.open("g", {{"class", "marker"}, {"data-key", marker.key}, {"data-x", data_number(marker.x)}});
    svg.leaf("line", {{"x1", svg_number(x)},
                      {"y1", svg_number(plot.top)},
                      {"x2", svg_number(x)},
                      {"y2", svg_number(plot.bottom())},
                      {"stroke", "#000000"},
                      {"stroke-width", "1.2"},
                      {"stroke-dasharray", index % 2 == 0 ? "4 3" : "1 3"}});
    // Labels step through four heights so that markers close together do not overprint (a histogram has four).
    const double y = plot.top + 12.0 + 14.0 * static_cast<double>(index % 4);
    const bool right_half = x > plot.left + plot.width * 0.6;
    svg.text("text",
             {{"class", "marker-label"},
              {"x", svg_number(right_half ? x - 4 : x + 4)},
              {"y", svg_number(y)},
              {"text-anchor", right_half ? "end" : "start"},
              {"font-weight", "bold"}},
             marker.label);
    svg.close();
}

}  // namespace chart_parts
}  // namespace gpucost

#include "chart_parts.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {

Axis money_axis(const std::string& label, const Currency& currency) {
    return {.label = fmt::format("{} ({})", label, currency.code), .format = TickFormat::money, .currency = currency};
}

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
    // The first step of 1, 2, 5 or 10 times the power whose ticks from below low to past high are few enough.
    double multiple = 10.0;
    long first = 0;
    long last = 0;
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        multiple = m;
        first = std::lround(std::floor(low / (m * power) + 1e-9));
        last = std::lround(std::ceil(high / (m * power) - 1e-9));
        if (last - first + 1 <= max_count) break;
    }
    std::vector<double> ticks;
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
    // The largest unit the magnitude reaches, else none.
    static constexpr std::pair<double, const char*> k_units[] = {{1e9, "B"}, {1e6, "M"}, {1e3, "k"}, {1.0, ""}};
    const auto [unit, suffix] = *std::find_if(std::begin(k_units), std::end(k_units) - 1,
                                              [magnitude](const auto& u) { return magnitude >= u.first; });
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

}  // namespace

Plot plot_area(const SvgDocument& d, double left_margin, const std::vector<LegendItem>& legend,
               std::size_t extra_rows) {
    // Two rows fit in k_legend_height; each further row takes 18 units from the plot.
    const std::size_t rows = legend_rows(d, legend, left_margin) + extra_rows;
    const double top =
        k_title_height + k_legend_height + 18.0 * static_cast<double>(std::max<std::size_t>(rows, 2) - 2);
    return {left_margin, top, std::max(10.0, d.width - left_margin - k_right_margin),
            std::max(10.0, d.height - top - k_bottom_margin)};
}

double Scale::at(double value) const noexcept {
    if (high == low) return (from + to) / 2.0;
    return from + (value - low) / (high - low) * (to - from);
}

Ticks axis_ticks(const Axis& axis, double low, double high, int max_count) {
    if (axis.format == TickFormat::money) {
        low = std::min(low, 0.0);
        high = std::max(high, 0.0);
    }
    return {axis.ticks.empty() ? nice_ticks(low, high, max_count) : axis.ticks};
}

std::vector<double> month_ticks(int months, int max_count) {
    // The first step that gives few enough ticks, else the last.
    static constexpr int k_steps[] = {1, 3, 6, 12, 24, 60};
    const int step =
        *std::find_if(std::begin(k_steps), std::end(k_steps) - 1, [&](int s) { return months / s + 1 <= max_count; });
    std::vector<double> ticks;
    for (int m = 0; m < months + step; m += step) ticks.push_back(m);
    return ticks;
}

std::string tick_label(const Axis& axis, double value, double step) {
    return axis.format == TickFormat::money ? money_tick(value, step, axis.currency) : number_tick(value, step);
}

void write_x_axis(SvgWriter& svg, const Plot& plot, const Scale& scale, const Axis& axis, const Ticks& ticks) {
    svg.open("g", {{"class", "axis x-axis"}});
    write_line(svg, plot.left, plot.bottom(), plot.right(), plot.bottom(), {{"stroke", "#333333"}});
    for (const double v : ticks.values) {
        const double x = scale.at(v);
        write_line(svg, x, plot.top, x, plot.bottom() + 4, {{"stroke", "#dddddd"}});
        svg.text("text", {{"x", svg_number(x)}, {"y", svg_number(plot.bottom() + 17)}, {"text-anchor", "middle"}},
                 tick_label(axis, v, ticks.step()));
    }
    write_x_label(svg, plot, axis.label);
    svg.close();
}

void write_y_axis(SvgWriter& svg, const Plot& plot, const Scale& scale, const Axis& axis, const Ticks& ticks) {
    svg.open("g", {{"class", "axis y-axis"}});
    write_line(svg, plot.left, plot.top, plot.left, plot.bottom(), {{"stroke", "#333333"}});
    for (const double v : ticks.values) {
        const double y = scale.at(v);
        write_line(svg, plot.left - 4, y, plot.right(), y, {{"stroke", v == 0.0 ? "#888888" : "#dddddd"}});
        svg.text("text", {{"x", svg_number(plot.left - 7)}, {"y", svg_number(y + 4)}, {"text-anchor", "end"}},
                 tick_label(axis, v, ticks.step()));
    }
    write_y_label(svg, plot, axis.label);
    svg.close();
}

void write_line(SvgWriter& svg, double x1, double y1, double x2, double y2, const std::vector<SvgAttribute>& style,
                const std::string& name) {
    std::vector<SvgAttribute> line;
    if (!name.empty()) line.push_back({"class", name});
    line.insert(line.end(),
                {{"x1", svg_number(x1)}, {"y1", svg_number(y1)}, {"x2", svg_number(x2)}, {"y2", svg_number(y2)}});
    line.insert(line.end(), style.begin(), style.end());
    svg.leaf("line", line);
}

std::vector<SvgAttribute> rect_attributes(std::vector<SvgAttribute> head, double x, double y, double width,
                                          double height, const std::vector<SvgAttribute>& style) {
    head.insert(
        head.end(),
        {{"x", svg_number(x)}, {"y", svg_number(y)}, {"width", svg_number(width)}, {"height", svg_number(height)}});
    head.insert(head.end(), style.begin(), style.end());
    return head;
}

void write_polyline(SvgWriter& svg, const std::vector<double>& xs, const std::vector<double>& ys, const Scale& x,
                    const Scale& y, const LineStyle& style) {
    std::string points;
    for (std::size_t i = 0; i < xs.size(); ++i)
        points += (i == 0 ? "" : " ") + svg_number(x.at(xs[i])) + ',' + svg_number(y.at(ys[i]));
    std::vector<SvgAttribute> line = {{"points", points},
                                      {"fill", "none"},
                                      {"stroke", style.colour},
                                      {"stroke-width", svg_number(style.width)},
                                      {"stroke-linejoin", "round"}};
    if (*style.dash != '\0') line.push_back({"stroke-dasharray", style.dash});
    svg.leaf("polyline", line);
}

void write_x_label(SvgWriter& svg, const Plot& plot, const std::string& label) {
    svg.text("text",
             {{"class", "axis-label"},
              {"x", svg_number(plot.left + plot.width / 2)},
              {"y", svg_number(plot.bottom() + 38)},
              {"text-anchor", "middle"}},
             label);
}

void write_y_label(SvgWriter& svg, const Plot& plot, const std::string& label) {
    const std::string x = svg_number(14);
    const std::string y = svg_number(plot.top + plot.height / 2);
    svg.text("text",
             {{"class", "axis-label"},
              {"x", x},
              {"y", y},
              {"text-anchor", "middle"},
              {"transform", "rotate(-90 " + x + " " + y + ")"}},
             label);
}

void bad_chart(const std::string& name, const std::vector<std::string>& valid, const std::string& hint) {
    std::string list;
    for (const std::string& v : valid) list += (list.empty() ? "" : ", ") + v;
    throw UsageError(fmt::format("--chart: {}; this report has: {}",
                                 name.empty() ? "none given, and --format svg writes one chart"
                                              : quote_value(name) + " is not a chart of this report" +
                                                    (hint.empty() ? did_you_mean(name, valid) : hint),
                                 list));
}

}  // namespace chart_parts

}  // namespace gpucost

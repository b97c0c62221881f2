// The cumulative-spend chart in a terminal: braille dots (2 x 4 per character cell), one series solid and the
// other dashed so they stay apart without colour, and in colour owning blue and renting vermilion as every chart.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "chart_parts.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/render/text_table.hpp"

namespace gpucost {
namespace {

using namespace chart_parts;

constexpr int k_rows = 12;         // character rows of the plot: 48 dot rows
constexpr int k_min_columns = 40;  // narrower than this and the labels do not fit
// The SVG charts' colours (chart.hpp's colour rule) as the nearest of the 256-colour palette: owning blue #0072B2 as
// 25 (#005FAF), renting vermilion #D55E00 as 166 (#D75F00).
constexpr const char* k_own_ansi = "\x1b[38;5;25m";
constexpr const char* k_rent_ansi = "\x1b[38;5;166m";
constexpr const char* k_reset = "\x1b[0m";

// U+2800 + bits in UTF-8: E2, then A0 to A3 by the top two bits, then 80 to BF by the other six.
std::string braille(std::uint8_t bits) {
    return {'\xE2', static_cast<char>(0xA0 | (bits >> 6)), static_cast<char>(0x80 | (bits & 0x3F))};
}

// One series' dots over `width` x k_rows cells, cell (column, row) at [row * width + column], each dot row where
// `rows` puts the value; a dashed series leaves out two dot columns in every six.
std::vector<std::uint8_t> dots(int width, const std::vector<double>& values, const Scale& rows, bool dashed) {
    // The bit of each dot (column 0..1, row 0..3) in a cell: Unicode's braille patterns are U+2800 + bits.
    static constexpr std::uint8_t bits[2][4] = {{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}};
    std::vector<std::uint8_t> cells(static_cast<std::size_t>(width * k_rows), 0);
    const int dot_columns = width * 2;
    const double last = static_cast<double>(values.size() - 1);
    int previous = -1;
    for (int dx = 0; dx < dot_columns; ++dx) {
        const double at = dot_columns > 1 ? last * dx / (dot_columns - 1) : 0.0;
        const std::size_t i = std::min(values.size() - 1, static_cast<std::size_t>(at));
        const double next = values[std::min(values.size() - 1, i + 1)];
        const double v = values[i] + (next - values[i]) * (at - static_cast<double>(i));
        const int dy = static_cast<int>(std::lround(rows.at(v)));
        if (dashed && dx % 6 >= 4) {
            previous = -1;
            continue;
        }
        const int from = previous < 0 ? dy : std::min(previous, dy);
        const int to = previous < 0 ? dy : std::max(previous, dy);
        for (int y = std::max(0, from); y <= std::min(k_rows * 4 - 1, to); ++y)
            cells[static_cast<std::size_t>((y / 4) * width + dx / 2)] |= bits[dx % 2][y % 4];
        previous = dy;
    }
    return cells;
}

std::string paint(const std::string& text, const char* colour, bool on) { return on ? colour + text + k_reset : text; }

std::string cell_text(std::uint8_t own, std::uint8_t rent, bool marker, bool colour) {
    if ((own | rent) == 0) return marker ? "\u2502" : " ";
    if (own != 0 && rent == 0) return paint(braille(own), k_own_ansi, colour);
    if (rent != 0 && own == 0) return paint(braille(rent), k_rent_ansi, colour);
    return braille(static_cast<std::uint8_t>(own | rent));
}

std::string x_axis(int left, int width, int months, const Scale& columns) {
    const std::vector<double> ticks = month_ticks(months, width / 5);  // room for their labels: 5 columns each
    std::string rule = std::string(static_cast<std::size_t>(left - 1), ' ') + "\u2514";
    std::string labels(static_cast<std::size_t>(left), ' ');
    std::vector<int> tick_columns;
    for (const double t : ticks)
        if (t <= months) tick_columns.push_back(static_cast<int>(std::lround(columns.at(t))));
    for (int c = 0; c < width; ++c)
        rule += std::find(tick_columns.begin(), tick_columns.end(), c) != tick_columns.end() ? "\u252c" : "\u2500";
    for (std::size_t i = 0; i < tick_columns.size(); ++i) {
        const std::string text = fmt::format("{}", static_cast<int>(ticks[i]));
        // The last label ends at the chart's right edge at most (a 600-month horizon's "600" would pass it by one).
        const std::size_t at = std::min(static_cast<std::size_t>(left + tick_columns[i]),
                                        static_cast<std::size_t>(left + width + 1) - text.size());
        if (at < labels.size() + 1 && i > 0) continue;  // would overprint the previous label
        labels.resize(at, ' ');
        labels += text;
    }
    return rule + "\n" + labels + "\n";
}

// The key under the axis, within `columns` (the promised width counts it too): on one line when it fits, else the
// unit, own and rent on a line each, indented as far as each allows. Ids are at most 100 characters, so a key line
// is cut (with "...") only on a terminal narrower than that.
std::string legend(int left, int columns, const Comparison& c, bool colour) {
    const auto width = static_cast<std::size_t>(columns);
    const std::string own = " own: " + c.build.id;
    const std::string rent = " rent: " + c.offer.id;
    const std::string own_key = paint("\u2824\u2824\u2824", k_own_ansi, colour);
    const std::string rent_key = paint("\u2824\u2824 \u2824", k_rent_ansi, colour);
    const auto indent = static_cast<std::size_t>(left);
    if (indent + TextTable::width("months   ") + 3 + TextTable::width(own) + 3 + 4 + TextTable::width(rent) <= width)
        return fmt::format("{}months   {}{}   {}{}\n", std::string(indent, ' '), own_key, own, rent_key, rent);
    const auto line = [&](const std::string& key, std::size_t key_cells, std::string text) {
        if (key_cells + TextTable::width(text) > width) {
            text.resize(TextTable::offset(text, width - std::min(width, key_cells + 3)));  // a whole character's end
            text += "...";
        }
        const std::size_t room = width - std::min(width, key_cells + TextTable::width(text));
        return std::string(std::min(indent, room), ' ') + key + text + "\n";
    };
    return std::string(indent, ' ') + "months\n" + line(own_key, 3, own) + line(rent_key, 4, rent);
}

}  // namespace

std::string cumulative_spend_text(const Comparison& c, const Currency& money, int columns, bool colour) {
    columns = std::max(columns, k_min_columns);
    const std::vector<LineSeries> lines = cumulative_spend_lines(c, money);
    const std::vector<double>& own = lines[0].y;
    const std::vector<double>& rent = lines[1].y;
    const auto [own_low, own_high] = std::minmax_element(own.begin(), own.end());
    const auto [rent_low, rent_high] = std::minmax_element(rent.begin(), rent.end());
    const Ticks ticks =
        axis_ticks(money_axis({}, money), std::min(*own_low, *rent_low), std::max(*own_high, *rent_high), 7);
    // Each tick's label on the character row nearest its value, high at the top.
    const Scale label_rows{ticks.high(), ticks.low(), 0.0, k_rows - 1.0};
    std::vector<std::string> labels(k_rows);
    std::size_t label_width = 0;
    for (const double t : ticks.values) {
        std::string& label = labels[static_cast<std::size_t>(std::lround(label_rows.at(t)))];
        label = money_tick(t, ticks.step(), money);
        label_width = std::max(label_width, label.size());
    }
    const int left = static_cast<int>(label_width) + 2;
    const int width = columns - left - 1;
    const int months = c.assumptions.values.months;
    const Scale dot_rows{ticks.high(), ticks.low(), 0.0, k_rows * 4 - 1.0};
    const std::vector<std::uint8_t> own_dots = dots(width, own, dot_rows, false);
    const std::vector<std::uint8_t> rent_dots = dots(width, rent, dot_rows, true);
    const Scale month_columns{0.0, static_cast<double>(std::max(1, months)), 0.0, width - 1.0};
    const std::optional<int>& payback = c.result.payback_month;
    const int marker = payback ? static_cast<int>(std::lround(month_columns.at(*payback))) : -1;

    std::string out = fmt::format("Cumulative discounted spend ({}), months 0-{}\n", money.code, months);
    for (int row = 0; row < k_rows; ++row) {
        const std::string& label = labels[static_cast<std::size_t>(row)];
        out += std::string(label_width - label.size(), ' ') + label + (label.empty() ? " \u2502" : " \u2524");
        for (int col = 0; col < width; ++col) {
            const auto cell = static_cast<std::size_t>(row * width + col);
            out += cell_text(own_dots[cell], rent_dots[cell], col == marker, colour);
        }
        out += "\n";
    }
    out += x_axis(left, width, months, month_columns);
    out += legend(left, columns, c, colour);
    out += std::string(static_cast<std::size_t>(left), ' ') +
           (payback ? fmt::format("\u2502 payback: month {} of {}\n", *payback, months)
                    : fmt::format("no payback within the {}-month horizon\n", months));
    return out;
}

}  // namespace gpucost

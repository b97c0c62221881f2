// The typed cells and how people read them: the one place a document's numbers are rounded and put in a currency.
#include "gpucost/render/document.hpp"

#include <cmath>
#include <iterator>
#include <string>

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {

namespace cell {
namespace {
Cell typed(CellKind kind, std::optional<double> value, int decimals = 0) {
    Cell c;
    c.kind = kind;
    c.value = value;
    c.decimals = decimals;
    return c;
}
}  // namespace

Cell money(std::optional<double> usd) { return typed(CellKind::money, usd); }
Cell money_rate(std::optional<double> usd) { return typed(CellKind::money_rate, usd); }
Cell count(std::optional<long long> value) {
    return typed(CellKind::count, value ? std::optional<double>(static_cast<double>(*value)) : std::nullopt);
}
Cell number(std::optional<double> value, int decimals) { return typed(CellKind::number, value, decimals); }
Cell hours(std::optional<double> hours) { return number(hours, 1); }
Cell exact(std::optional<double> value) { return typed(CellKind::exact, value); }
Cell quantity(std::optional<double> value) { return typed(CellKind::quantity, value); }
Cell percent(std::optional<double> share) { return typed(CellKind::percent, share); }
Cell probability(std::optional<double> p) { return typed(CellKind::probability, p); }
Cell currency_code() { return typed(CellKind::currency_code, std::nullopt); }
}  // namespace cell

namespace {

std::string value_text(const Cell& c, const Currency& currency) {
    if (c.kind == CellKind::text) return c.text;
    if (c.kind == CellKind::currency_code) return currency.code;
    if (!c.value) return "-";
    const double v = *c.value;
    switch (c.kind) {
        case CellKind::money: return format_money(v, currency);
        case CellKind::money_rate: return format_money_rate(v, currency);
        case CellKind::count: return std::to_string(static_cast<long long>(v));  // as fmt's "{}", without parsing it
        case CellKind::number: return format_grouped(v, c.decimals);
        case CellKind::exact: return exact_number(v);
        case CellKind::quantity: {
            const double size = std::fabs(v);
            return format_grouped(v, size >= 100.0 || v == 0.0 ? 0 : size >= 1.0 ? 1 : 3);
        }
        case CellKind::percent: return fmt::format("{:.1f}%", 100.0 * v);
        case CellKind::probability: return fmt::format("{:.4f}", v);
        case CellKind::text:
        case CellKind::currency_code: break;
    }
    return c.text;
}

}  // namespace

Section& Document::section(std::string id, Inline heading, Shown where, int level) {
    sections.push_back({std::move(id), std::move(heading), level, {}, where});
    return sections.back();
}

void Document::put_first(Section s) {
    // A range insert: GCC 12 sees a null dereference in vector::insert(pos, value&&) at -O2 (-Wnull-dereference).
    sections.insert(sections.begin(), std::make_move_iterator(&s), std::make_move_iterator(&s + 1));
}

Table make_table(const std::vector<TableColumn>& columns, std::vector<std::size_t> drop_order, bool indent) {
    Table t;
    for (const TableColumn& c : columns) {
        t.header.push_back(c.heading);
        t.numeric.push_back(c.numeric);
    }
    t.indent = indent;
    t.drop_order = std::move(drop_order);
    return t;
}

std::string human_text(const Cell& c, const Currency& currency) {
    std::string out = value_text(c, currency);
    if (!c.suffix.empty()) out += c.suffix;  // most cells have none: no append, no second string (issue 21)
    return out;
}

std::string human_text(const Inline& text, const Currency& currency) {
    std::string out;
    for (const Cell& c : text) out += human_text(c, currency);
    return out;
}

}  // namespace gpucost

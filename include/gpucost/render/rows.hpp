// Rows for spreadsheets: the second intermediate value of the render layer (document.hpp is the first). A model's
// rows are its CSV contract: the columns in the contract's order, each a name and a typed value at full precision.
// The writers (write_rows in render.hpp) rename money columns for the output currency, convert money,
// write "not applicable" as an empty cell and guard text against formula injection, once for every model.
//
// Columns are data (ledger's --csv-format): a model lists Column<Row> {name, accessor} in order, and a new column
// is an append to that list.
#pragma once

#include <concepts>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpucost {

// One value of a row, typed so that the writers, not the model, decide how it is written.
struct Field {
    // count: whole numbers kept as digits (a seed may pass 2^53); name: a field name in US dollars that the writer
    // renames for the output currency, as it renames money columns ("build_total_usd" -> "build_total_eur");
    // currency: the output currency's code, which the writer fills in ("USD", "EUR").
    enum class Kind { missing, text, name, number, money, count, boolean, currency };
    Kind kind = Kind::missing;
    std::string text;   // text, name, count (its digits)
    double number = 0;  // number (exact), money (US dollars, converted by the writer), boolean (0 or 1)

    static Field missing() { return {}; }
    static Field of_text(std::string value) { return {Kind::text, std::move(value), 0}; }
    static Field of_nonempty_text(std::string value) { return value.empty() ? missing() : of_text(std::move(value)); }
    static Field of_name(std::string usd_name) { return {Kind::name, std::move(usd_name), 0}; }
    static Field of_number(double value) { return {Kind::number, {}, value}; }
    static Field of_number(const std::optional<double>& value) { return value ? of_number(*value) : missing(); }
    static Field of_money(double usd) { return {Kind::money, {}, usd}; }
    static Field of_money(const std::optional<double>& usd) { return usd ? of_money(*usd) : missing(); }
    template <std::integral Integer>
    static Field of_count(Integer value) {
        return {Kind::count, std::to_string(value), 0};
    }
    static Field of_boolean(bool value) { return {Kind::boolean, {}, value ? 1.0 : 0.0}; }
    static Field of_currency_code() { return {Kind::currency, {}, 0}; }
};

// A column: its name in US dollars ("total_usd", renamed "total_eur" for another currency) or, when `literal`, a
// name written as it is (a user's text, such as a sweep's address: guarded like any text).
struct RowColumn {
    std::string name;
    bool literal = false;
};

// Where a writer that streams puts its text, a piece (about 1 MiB) at a time.
using TextSink = std::function<void(std::string_view piece)>;
// The size a streamed piece reaches before it goes to the sink: few writes, and never the whole text at once.
inline constexpr std::size_t k_piece_bytes = 1 << 20;

// The whole text that `write` hands its sink, for a caller that holds it anyway (render()).
template <typename Write>
std::string collected(const Write& write) {
    std::string text;
    write([&text](std::string_view piece) { text += piece; });
    return text;
}
// Where a model that makes its rows as they are written hands each row; the row is gone after the call.
using RowEmit = std::function<void(const std::vector<Field>& row)>;

// The header and the rows, every row as long as the header. A model too large to hold as rows (the cash flow:
// 2,000 builds over 600 months are 10.8 million rows) leaves `rows` empty and gives `more`, which a writer calls
// once to be handed every row in order; so the rows are never held whole.
struct RowSet {
    std::vector<RowColumn> columns;
    std::vector<std::vector<Field>> rows;
    std::function<void(const RowEmit& emit)> more = nullptr;  // none: the rows are all in `rows`
};

// A column of a model's contract: its name and how a row's value is read.
template <typename Row>
struct Column {
    const char* name;
    Field (*value)(const Row& row);
};

// The rows of `items` under `columns`, in order.
template <typename Row, typename Columns>
RowSet make_rows(const Columns& columns, const std::vector<Row>& items) {
    RowSet set;
    for (const Column<Row>& c : columns) set.columns.push_back({c.name, false});
    for (const Row& item : items) {
        std::vector<Field> row;
        row.reserve(set.columns.size());
        for (const Column<Row>& c : columns) row.push_back(c.value(item));
        set.rows.push_back(std::move(row));
    }
    return set;
}

}  // namespace gpucost

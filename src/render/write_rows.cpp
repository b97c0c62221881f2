// Rows as CSV and TSV: the one writer of spreadsheet rows. Money is converted and its columns renamed for the
// output currency here, "not applicable" is an empty field, and text is guarded against formula injection once;
// the text goes to a sink a piece at a time, so a model that makes its rows as they are written is never held whole.
#include "gpucost/render/render.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// A field's text, and whether it is text a user or a catalogue wrote (guarded) rather than a number or a name.
std::pair<std::string, bool> value_of(const Field& f, const Currency& currency) {
    switch (f.kind) {
        case Field::Kind::missing: return {"", false};
        case Field::Kind::text: return {f.text, true};
        case Field::Kind::name: return {currency.field(f.text), false};
        case Field::Kind::number: return {exact_number(f.number), false};
        case Field::Kind::money: return {exact_number(currency.from_usd(f.number)), false};
        case Field::Kind::count: return {f.text, false};
        case Field::Kind::boolean: return {f.number != 0.0 ? "true" : "false", false};
        case Field::Kind::currency: return {currency.code, false};
    }
    return {"", false};
}

std::string tsv_field(std::string_view text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
            case '\t': out += "\\t"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\\': out += "\\\\"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace

void write_rows(const RowSet& rows, Format format, const RenderOptions& options, const TextSink& sink) {
    const Currency& currency = options.currency;
    const char separator = format == Format::tsv ? '\t' : ',';
    std::string (*const quote)(std::string_view) = format == Format::tsv ? tsv_field : csv_field;
    std::string out;
    const auto row_text = [&](const std::vector<Field>& row) {
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (i > 0) out += separator;
            auto [text, is_text] = value_of(row[i], currency);
            out += quote(is_text ? formula_guarded(std::move(text)) : text);
        }
        out += '\n';
        if (out.size() >= k_piece_bytes) {
            sink(out);
            out.clear();
        }
    };
    // The header is a row of the columns' names: a literal name is text (guarded), the others are renamed.
    std::vector<Field> header;
    for (const RowColumn& c : rows.columns)
        header.push_back(c.literal ? Field::of_text(c.name) : Field::of_name(c.name));
    row_text(header);
    for (const std::vector<Field>& row : rows.rows) row_text(row);
    if (rows.more) rows.more(row_text);
    if (!out.empty()) sink(out);
}

std::string write_rows(const RowSet& rows, Format format, const RenderOptions& options) {
    return collected([&](const TextSink& sink) { write_rows(rows, format, options, sink); });
}

}  // namespace gpucost

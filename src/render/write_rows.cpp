// Rows as CSV and TSV: the one writer of spreadsheet rows. Money is converted and its columns renamed for the
// output currency here, "not applicable" is an empty field, and text is guarded against formula injection once.
#include <fmt/format.h>

#include "gpucost/render/render.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// A spreadsheet runs a cell that starts with one of these as a formula (=HYPERLINK(...), +cmd|...): a leading
// apostrophe makes it text, as OWASP's CSV-injection advice says (the same rule as csv_text_field).
std::string guarded(std::string text) {
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos) return "'" + text;
    return text;
}

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
    }
    return {"", false};
}

std::string tsv_field(const std::string& text) {
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

template <typename Quote>
std::string write_rows(const RowSet& rows, const Currency& currency, char separator, Quote quote) {
    std::string out;
    for (std::size_t i = 0; i < rows.columns.size(); ++i) {
        const RowColumn& c = rows.columns[i];
        if (i > 0) out += separator;
        out += quote(c.literal ? guarded(c.name) : currency.field(c.name));
    }
    out += '\n';
    for (const std::vector<Field>& row : rows.rows) {
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (i > 0) out += separator;
            auto [text, is_text] = value_of(row[i], currency);
            out += quote(is_text ? guarded(std::move(text)) : text);
        }
        out += '\n';
    }
    return out;
}

}  // namespace

std::string write_csv(const RowSet& rows, const RenderOptions& options) {
    return write_rows(rows, options.currency, ',', [](const std::string& text) { return csv_field(text); });
}

std::string write_tsv(const RowSet& rows, const RenderOptions& options) {
    return write_rows(rows, options.currency, '\t', tsv_field);
}

std::string tsv_from_csv(std::string_view csv) {
    std::string out;
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (quoted) {
            if (c != '"')
                field += c;
            else if (i + 1 < csv.size() && csv[i + 1] == '"')
                field += csv[++i];
            else
                quoted = false;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',' || c == '\n') {
            out += tsv_field(field) + (c == ',' ? '\t' : '\n');
            field.clear();
        } else {
            field += c;
        }
    }
    return out + tsv_field(field);
}

}  // namespace gpucost

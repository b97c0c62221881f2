// The format-neutral document: what a report says to a person, before any format, currency or colour is chosen.
// A model's builder makes one Document (headings, paragraphs, facts, tables of typed cells, chart references,
// notes); the generic writers (write_text, write_markdown, write_html in render.hpp) turn it into terminal text,
// markdown or one HTML page. Rounding, the currency and colour live only in the writers: a builder hands them
// numbers (a Cell::money holds US dollars at full precision) and says what a piece of text is (its Role or Tone),
// never how it looks. Rows for spreadsheets (CSV, TSV) are the other intermediate value: rows.hpp.
//
// How to add a model (a new command's output) to the render layer:
//   1. In render/<model>_document.cpp write `Document document_of(const Model&)`: the outline once. A block every
//      format shows is added plainly; a block only some formats show names them (Shown): the HTML page has
//      sections (charts, assumptions, warnings) the terminal leaves out. Words that hold money or numbers are
//      Inline runs of cells (`{words("at "), cell::money_rate(x), words(" per M tokens")}`), so the currency and
//      the rounding stay the writers'. Read the run-level fields (catalogue date and source, oldest figure,
//      assumptions, warnings) in one place, through run_sections.hpp (add_report_sections() for a comparison).
//   2. In render/<model>_rows.cpp write `RowSet rows_of(const Model&)`: the CSV contract's columns in order, as a
//      table of Column<Row> {name, accessor} (rows.hpp); a new column is an append. CSV and TSV come from it.
//   3. In render/<model>_json.cpp write `render_json(const Model&, const RenderOptions&)`: the body under the
//      envelope (envelope_text() in envelope_json.hpp); where the body's rows are the CSV's, write them from
//      rows_of() with fields_json(), so a column appended to the contract reaches both.
//   4. Declare them, and any render_<format>(const Model&, const RenderOptions&) the model keeps (svg, a table
//      with extras), in include/gpucost/render/<model>.hpp with `extern template` of render<Model>, and
//      instantiate render<Model> in one .cpp where every overload is visible (render.hpp says why).
// A new human format is a write_<format>(const Document&, const RenderOptions&), a spreadsheet format a
// write_<format>(const RowSet&, ...); each with its Format member, its row in k_formats and its case in the
// dispatcher (render.hpp). No model changes.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "gpucost/render/money.hpp"
#include "gpucost/render/paint.hpp"

namespace gpucost {

// What a cell holds; the writers format each kind (rounding for people, exact in rows).
enum class CellKind {
    text,           // words, as given
    money,          // US dollars, shown whole in the output currency ("$1,235", "EUR 1,136")
    money_rate,     // US dollars, shown with cents or more digits below one ("$2.46", "$0.041")
    count,          // a whole number, plain digits ("12")
    number,         // a quantity with thousands separators and `decimals` places ("12,345.7"); hours and months too
    quantity,       // a quantity over a wide range: no decimals from 100, one from 1, three below ("12.3", "0.041")
    exact,          // a number as typed, shortest round trip ("0.09")
    percent,        // a share 0..1 as a percentage with one decimal ("73.4%")
    probability,    // a probability 0..1 with four decimals ("0.7340")
    currency_code,  // the output currency's code ("USD"), for words such as "USD per M tokens"
};

// One typed value with its look: emphasis (strong) and tone. An absent value is "not applicable": "-" for people.
struct Cell {
    CellKind kind = CellKind::text;
    std::string text;             // CellKind::text
    std::optional<double> value;  // every other kind but currency_code
    int decimals = 0;             // CellKind::number
    std::string suffix;           // words after the value ("B" in "$1,234 B"), kept when the value is absent
    Tone tone = Tone::plain;
    bool strong = false;

    Cell() = default;
    Cell(std::string words)  // NOLINT(google-explicit-constructor): words are the common cell
        : text(std::move(words)) {}
    Cell(const char* words)  // NOLINT(google-explicit-constructor)
        : text(words) {}
    Cell with(Tone t) const { return changed(&Cell::tone, t); }
    Cell then(std::string words) const { return changed(&Cell::suffix, std::move(words)); }
    Cell bold() const { return changed(&Cell::strong, true); }

private:
    // This cell with one field set to `to`.
    template <typename Value>
    Cell changed(Value Cell::*field, Value to) const {
        Cell c = *this;
        c.*field = std::move(to);
        return c;
    }
};

// The typed cells, by what they hold.
namespace cell {
Cell money(std::optional<double> usd);
Cell money_rate(std::optional<double> usd);
Cell count(std::optional<long long> value);
Cell number(std::optional<double> value, int decimals);
Cell hours(std::optional<double> hours);  // one decimal: "40.0"
Cell exact(std::optional<double> value);
Cell quantity(std::optional<double> value);
Cell percent(std::optional<double> share);
Cell probability(std::optional<double> p);
Cell currency_code();
}  // namespace cell

// Words with typed values inside them, written one after another.
using Inline = std::vector<Cell>;

// What a paragraph is: the writers choose its tone (terminal) and class (HTML) from it.
enum class Role {
    plain,
    verdict,      // the answer: green in a terminal, the verdict box in HTML
    note,         // a caveat (estimates, what was left out): yellow, class "note"
    explanation,  // how a figure is worked out, where it comes from: faint, class "note"
    meta,         // what the page is about, under its title: class "meta"
    source,       // a source and its date: class "source"
    warning,      // a warning: class "warning" (the last: a new role goes before it, so k_role_count holds)
};
inline constexpr std::size_t k_role_count = static_cast<std::size_t>(Role::warning) + 1;

// Which formats show a block or a section. Most show everywhere; the HTML page has sections the terminal and
// markdown leave out, and a few sentences sit in another place on the page.
struct Shown {
    bool text = true;
    bool markdown = true;
    bool html = true;

    // Whether a document built for these formats needs a block shown `where`: a view built for one format (the
    // terminal table's, a streamed page's) skips what that format leaves out.
    constexpr bool needs(Shown where) const {
        return (text && where.text) || (markdown && where.markdown) || (html && where.html);
    }
};
inline constexpr Shown k_everywhere{};
inline constexpr Shown k_text_only{true, false, false};
inline constexpr Shown k_markdown_only{false, true, false};
inline constexpr Shown k_html_only{false, false, true};
inline constexpr Shown k_not_html{true, true, false};
inline constexpr Shown k_not_text{false, true, true};
inline constexpr Shown k_not_markdown{true, false, true};

// A title: a bold line in a terminal, <h1> (<h2> at level 2) in HTML, and one level lower in markdown, which has no
// page title: "## " (level 2: "### ").
struct Heading {
    Inline text;
    int level = 1;
};

// One paragraph; `strong` is bold in markdown ("**...**") and HTML, bold in a terminal when its role is plain. A
// source in markdown is small print (<sub>).
struct Paragraph {
    Inline text;
    Role role = Role::plain;
    bool strong = false;
};

// One line of Notes, and the formats that show it. A line that `explains` a column of the table before it (its
// heading, "break-even h/wk") is left out in a terminal that leaves out that column.
struct NoteLine {
    Paragraph line;
    Shown shown = {};
    std::string explains = {};
};

// Lines that belong together (notes, footnotes): one line each in a terminal, a paragraph each elsewhere.
struct Notes {
    std::vector<NoteLine> lines;

    Notes& add(Inline text, Role role, Shown where = {}) {
        lines.push_back({{std::move(text), role, false}, where});
        return *this;
    }
    // The last line explains the column headed `heading` of the table before these notes.
    Notes& explaining(std::string heading) {
        lines.back().explains = std::move(heading);
        return *this;
    }
};

// label: value pairs ("id:  h100"), aligned in a terminal; a two-column table (under `headings`) elsewhere.
struct Facts {
    std::pair<std::string, std::string> headings = {"field", "value"};
    std::vector<std::pair<std::string, Cell>> facts;
};

// One row of a table, with the tone and emphasis of the whole row (a cell's own tone wins). A strong row or cell
// is bold in markdown too.
struct TableRow {
    std::vector<Cell> cells;
    Tone tone = Tone::plain;
};

// A table of typed cells. `numeric` columns align right. `header` may be empty (a map whose first row is its
// header is written as rows). In a terminal the table is indented two spaces unless `indent` is false, and when it
// is wider than RenderOptions::columns the columns in `drop_order` (indices, least important first) are left out
// until it fits, a line naming them (a column without a heading goes unnamed); the other formats show every column.
// When the kept columns are still too wide, the cells of the `wrap` column (an address, an id) continue on lines of
// their own, broken after '/', '-' or a space.
struct Table {
    std::vector<Inline> header;
    std::vector<bool> numeric;
    std::vector<TableRow> rows;
    bool indent = true;
    std::vector<std::size_t> drop_order = {};
    std::optional<std::size_t> wrap = {};
};

// A chart, drawn by the model's own chart code (report -> chart series -> SVG) when a writer shows it: HTML shows
// the SVG under its caption. `draw` gets the output currency and an id unique within the page.
struct ChartRef {
    std::string id;
    std::function<std::string(const Currency&, const std::string& id)> draw;
    Inline caption;
};

// The currency's note ("Amounts in EUR at 0.92 EUR per US dollar ..."), or `when_usd` for US dollars; nothing when
// that is empty.
struct CurrencyNote {
    Inline when_usd;
    Role role = Role::note;
};

// One block of a section, and the formats that show it.
struct Block {
    std::variant<Heading, Paragraph, Notes, Facts, Table, ChartRef, CurrencyNote> content;
    Shown shown;
};

// A run of blocks, with a heading or none. In a terminal a headed section's heading is a line and its paragraphs
// are indented under it without blank lines; headless sections and their blocks are a blank line apart. Markdown
// writes "## heading". HTML writes a level-2 section as <section id><h2>, and a level-3 one as <h3> inside the
// level-2 section before it. The last fields set out the terminal and markdown views; HTML keeps its sections.
struct Section {
    std::string id;
    Inline heading;
    int level = 2;
    std::vector<Block> blocks;
    Shown shown;
    Role heading_role = Role::plain;  // not plain: the heading is a sentence (a verdict with its reasons under it),
                                      // a bold line in a terminal, a paragraph of that role elsewhere
    bool indented = false;            // terminal: blocks as under a heading (indented, no blank lines), without one
    bool folded = false;              // markdown: folded in <details>, the heading its summary

    template <typename Content>
    Section& add(Content content, Shown where = k_everywhere) {
        blocks.push_back({std::move(content), where});
        return *this;
    }
};

// A whole report for people: its title (the HTML page's <title>) and its sections in order.
struct Document {
    std::string title;
    std::vector<Section> sections;

    // Appends a section and returns it, to add blocks to.
    Section& section(std::string id = "", Inline heading = {}, Shown where = k_everywhere, int level = 2);
    // Puts `s` before every other section (the gate checks, which a reader wants first).
    void put_first(Section s);
};

// Words without typed values: `words("Ranked by ")`. Built in place: an initializer list would copy the text.
inline Inline words(std::string text) {
    Inline out;
    out.emplace_back(std::move(text));
    return out;
}

// Runs of words one after another: joined(words("Over 36 months, "), discounting_inline(a), Inline{"."}).
template <typename... More>
Inline joined(Inline first, const More&... more) {
    (first.insert(first.end(), more.begin(), more.end()), ...);
    return first;
}

// A column as a builder lists it: its heading, and whether it holds numbers (aligned right): numeric("GPUs").
struct TableColumn {
    Inline heading;
    bool numeric = false;

    TableColumn(const char* text)  // NOLINT(google-explicit-constructor): most headings are words
        : heading(words(text)) {}
    TableColumn(Inline text)  // NOLINT(google-explicit-constructor)
        : heading(std::move(text)) {}
};
inline TableColumn numeric(TableColumn column) {
    column.numeric = true;
    return column;
}

// A table whose header and numeric columns are read from one list, its rows still to add:
// `make_table({"build", numeric("GPUs")}, {1})`; `drop_order` and `indent` as in Table.
Table make_table(const std::vector<TableColumn>& columns, std::vector<std::size_t> drop_order = {}, bool indent = true);

// A row of `cells`, moved in (`rows.push_back({{a, b}})` copies every cell out of its initializer list):
// `table.rows.push_back(table_row(c.build.id, cell::money(x)))`.
template <typename... Cells>
TableRow table_row(Cells&&... cells) {
    TableRow row;
    row.cells.reserve(sizeof...(cells));
    (row.cells.emplace_back(std::forward<Cells>(cells)), ...);
    return row;
}

// A cell as people read it in `currency`: rounded, "-" for not applicable. The writers' one formatting of cells.
std::string human_text(const Cell& cell, const Currency& currency);
// The runs of `text` one after another, each as human_text.
std::string human_text(const Inline& text, const Currency& currency);

}  // namespace gpucost

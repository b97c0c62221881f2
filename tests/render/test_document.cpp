// The generic writers from hand-built documents and rows: each format's exact text, so that every model written
// through them reads the same way. The figures are chosen so that each rounding rule shows.
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/render/render.hpp"
#include "test_support.hpp"

using namespace gpucost;

namespace {

// A headless section (title, currency note, a table, notes) and a headed one, a page-only section and a chart.
Document sample() {
    Document d{"gpucost: sample", {}};
    d.section()
        .add(Heading{words("Sample | report")})
        .add(CurrencyNote{}, k_not_html)
        .add(Paragraph{{"owning saves ", cell::money(1234.5), " a year"}, Role::verdict})
        .add(Table{{words("id"), {cell::currency_code(), " per hour"}, words("share")},
                   {false, true, true},
                   {{{"a", cell::money_rate(0.0412), cell::percent(0.734)}},
                    {{"bb", cell::money_rate(std::nullopt), cell::percent(1.0)}, Tone::good}},
                   true})
        .add(Notes{}.add(words("* an estimate"), Role::note).add(words("terminal only"), Role::note, k_text_only));
    d.section("detail", words("Detail"))
        .add(Paragraph{{"break-even ", cell::hours(117.84), " h/week"}})
        .add(Facts{{"field", "value"}, {{"months", cell::count(36)}, {"rate", cell::exact(0.09)}}});
    d.section("charts", words("Charts"), k_html_only)
        .add(ChartRef{
            "chart-x",
            [](const Currency& c, const std::string& id) { return "<svg id=\"" + id + "\">" + c.code + "</svg>\n"; },
            words("A chart.")});
    return d;
}

RenderOptions euros() {
    RenderOptions o;
    o.currency = Currency{"EUR", 0.5};
    return o;
}

}  // namespace

TEST_CASE("human_text: each cell kind rounded for reading, - for not applicable") {
    const Currency usd;
    CHECK(human_text(cell::money(1234.5), usd) == "$1,234");     // half to even
    CHECK(human_text(cell::money(1235.5), usd) == "$1,236");     // half to even
    CHECK(human_text(cell::money_rate(2.456), usd) == "$2.46");  // cents
    CHECK(human_text(cell::money_rate(0.0412), usd) == "$0.041");
    CHECK(human_text(cell::money(1000.0), Currency{"EUR", 0.92}) == "EUR 920");  // 1,000 x 0.92
    CHECK(human_text(cell::count(12345), usd) == "12345");
    CHECK(human_text(cell::number(12345.678, 1), usd) == "12,345.7");
    CHECK(human_text(cell::hours(40.0), usd) == "40.0");
    CHECK(human_text(cell::quantity(552345.4), usd) == "552,345");  // >= 100: no decimals
    CHECK(human_text(cell::quantity(12.34), usd) == "12.3");        // >= 1: one
    CHECK(human_text(cell::quantity(0.04123), usd) == "0.041");     // below 1: three
    CHECK(human_text(cell::exact(0.09), usd) == "0.09");
    CHECK(human_text(cell::percent(0.7344), usd) == "73.4%");
    CHECK(human_text(cell::probability(0.734), usd) == "0.7340");
    CHECK(human_text(cell::currency_code(), Currency{"GBP", 0.8}) == "GBP");
    CHECK(human_text(cell::money(std::nullopt), usd) == "-");
    CHECK(human_text(cell::count(std::nullopt), usd) == "-");
}

TEST_CASE("write_text: headless blocks a blank line apart, a headed section's body under it, no chart") {
    CHECK(write_text(sample()) == "Sample | report\n"
                                  "\n"
                                  "owning saves $1,234 a year\n"
                                  "\n"
                                  "  id  USD per hour   share\n"
                                  "  a         $0.041   73.4%\n"
                                  "  bb             -  100.0%\n"
                                  "\n"
                                  "* an estimate\n"
                                  "terminal only\n"
                                  "\n"
                                  "Detail\n"
                                  "  break-even 117.8 h/week\n"
                                  "  months:  36\n"
                                  "  rate:    0.09\n");
}

TEST_CASE("write_text: the currency note and figures in the output currency, colour by tone when asked") {
    RenderOptions o = euros();
    o.colour = true;
    const std::string out = write_text(sample(), o);
    // 1,234.5 x 0.5 = 617.25 -> EUR 617; 0.0412 x 0.5 = 0.0206 -> EUR 0.021
    CHECK(out.find("\x1b[1mSample | report\x1b[0m\n") == 0);
    CHECK(out.find("\x1b[33mAmounts in EUR at 0.5 EUR per US dollar") != std::string::npos);
    CHECK(out.find("\x1b[32mowning saves EUR 617 a year\x1b[0m\n") != std::string::npos);
    CHECK(out.find("EUR 0.021") != std::string::npos);
    CHECK(out.find("\x1b[32mbb\x1b[0m") != std::string::npos);  // the row's tone
}

TEST_CASE("write_markdown: ## headings, a paragraph per note, tables with right-aligned numbers, pipes escaped") {
    CHECK(write_markdown(sample()) == "## Sample \\| report\n"
                                      "\n"
                                      "owning saves $1,234 a year\n"
                                      "\n"
                                      "| id | USD per hour | share |\n"
                                      "| --- | ---: | ---: |\n"
                                      "| a | $0.041 | 73.4% |\n"
                                      "| bb | - | 100.0% |\n"
                                      "\n"
                                      "* an estimate\n"
                                      "\n"
                                      "## Detail\n"
                                      "\n"
                                      "break-even 117.8 h/week\n"
                                      "\n"
                                      "| field | value |\n"
                                      "| --- | --- |\n"
                                      "| months | 36 |\n"
                                      "| rate | 0.09 |\n");
}

TEST_CASE("write_html: h1, sections with ids, classes by role, numeric cells right, the chart drawn in place") {
    const std::string page = write_html(sample(), euros());
    const std::string body = page.substr(page.find("<main>\n") + 7);
    CHECK(page.find("<title>gpucost: sample</title>") != std::string::npos);
    CHECK(body == "<h1>Sample | report</h1>\n"
                  "<p class=\"verdict\">owning saves EUR 617 a year</p>\n"
                  "<table>\n"
                  "<thead><tr><th>id</th><th class=\"num\">EUR per hour</th><th class=\"num\">share</th></tr></thead>\n"
                  "<tbody>\n"
                  "<tr><td>a</td><td class=\"num\">EUR 0.021</td><td class=\"num\">73.4%</td></tr>\n"
                  "<tr><td>bb</td><td class=\"num\">-</td><td class=\"num\">100.0%</td></tr>\n"
                  "</tbody>\n"
                  "</table>\n"
                  "<p class=\"note\">* an estimate</p>\n"
                  "<section id=\"detail\">\n"
                  "<h2>Detail</h2>\n"
                  "<p>break-even 117.8 h/week</p>\n"
                  "<table>\n"
                  "<thead><tr><th>field</th><th>value</th></tr></thead>\n"
                  "<tbody>\n"
                  "<tr><td>months</td><td>36</td></tr>\n"
                  "<tr><td>rate</td><td>0.09</td></tr>\n"
                  "</tbody>\n"
                  "</table>\n"
                  "</section>\n"
                  "<section id=\"charts\">\n"
                  "<h2>Charts</h2>\n"
                  "<figure>\n"
                  "<svg id=\"chart-x\">EUR</svg>\n"
                  "<figcaption>A chart.</figcaption>\n"
                  "</figure>\n"
                  "</section>\n"
                  "</main>\n</body>\n</html>\n");
}

TEST_CASE("write_html: a level-3 section is an <h3> inside the level-2 section before it") {
    Document d{"t", {}};
    d.section("all", words("All"));
    d.section("", words("A <1>"), k_everywhere, 3).add(Paragraph{words("a")});
    d.section("", words("B"), k_everywhere, 3).add(Paragraph{words("b")});
    const std::string page = write_html(d);
    CHECK(page.find("<section id=\"all\">\n<h2>All</h2>\n<h3>A &lt;1&gt;</h3>\n<p>a</p>\n<h3>B</h3>\n<p>b</p>\n"
                    "</section>\n") != std::string::npos);
}

TEST_CASE("HtmlPage: sections given a few at a time write write_html's page, a later level-3 section going inside the "
          "section still open") {
    Document whole = sample();
    whole.section("warnings", words("Warnings"), k_html_only).add(Paragraph{words("w1"), Role::warning});
    whole.section("", {}, k_html_only, 3).add(Paragraph{words("w2"), Role::warning});
    whole.section("", {}, k_text_only, 3).add(Paragraph{words("not on the page")});
    whole.section("end", words("End"), k_everywhere).add(Paragraph{words("e")});
    std::vector<std::string> pieces;
    const TextSink sink = [&](std::string_view piece) { pieces.emplace_back(piece); };
    HtmlPage page(whole.title, euros(), sink);  // options made for the call: the page keeps its own copy
    REQUIRE(pieces.size() == 1);                // the head is written at once
    CHECK(pieces.front().ends_with("<body>\n<main>\n"));
    for (const Section& s : whole.sections) page.add(s);  // one section a call, as a streamed page adds them
    page.finish();
    std::string joined;
    for (const std::string& p : pieces) joined += p;
    const std::string expected = write_html(whole, euros());
    CHECK(joined == expected);
    CHECK(pieces.back() == "</main>\n</body>\n</html>\n");
    // The level-3 section without a heading is more of the warnings section, not a section of its own.
    CHECK(expected.find("<section id=\"warnings\">\n<h2>Warnings</h2>\n<p class=\"warning\">w1</p>\n"
                        "<p class=\"warning\">w2</p>\n</section>\n<section id=\"end\">") != std::string::npos);
    CHECK(expected.find("not on the page") == std::string::npos);
}

namespace {

RowSet sample_rows() {
    RowSet rows;
    rows.columns = {{"id", false},        {"total_usd", false}, {"usd_per_hour", false},
                    {"gpu_count", false}, {"estimate", false},  {"electricity_usd_per_kwh", true},
                    {"note", false}};
    rows.rows = {{Field::of_text("=cmd"), Field::of_money(1234.5), Field::missing(), Field::of_count(8),
                  Field::of_boolean(true), Field::of_number(-0.25), Field::of_text("a,\"b\"\tc\nd\\e")}};
    return rows;
}

}  // namespace

TEST_CASE("write_rows, csv: money converted under renamed columns, a literal name kept, empty for none, text guarded") {
    CHECK(write_rows(sample_rows(), Format::csv) ==
          "id,total_usd,usd_per_hour,gpu_count,estimate,electricity_usd_per_kwh,note\n"
          "'=cmd,1234.5,,8,true,-0.25,\"a,\"\"b\"\"\tc\nd\\e\"\n");
    // 1,234.5 x 0.5 = 617.25; a number's leading minus is never guarded, only text's
    CHECK(write_rows(sample_rows(), Format::csv, euros()) ==
          "id,total_eur,eur_per_hour,gpu_count,estimate,electricity_usd_per_kwh,note\n"
          "'=cmd,617.25,,8,true,-0.25,\"a,\"\"b\"\"\tc\nd\\e\"\n");
}

TEST_CASE("write_rows, tsv: the same fields a tab apart, tab, line break and backslash escaped, no quoting") {
    CHECK(write_rows(sample_rows(), Format::tsv, euros()) ==
          "id\ttotal_eur\teur_per_hour\tgpu_count\testimate\telectricity_usd_per_kwh\tnote\n"
          "'=cmd\t617.25\t\t8\ttrue\t-0.25\ta,\"b\"\\tc\\nd\\\\e\n");
}

TEST_CASE("write_rows, tsv: the CSV with tabs (the tsv_from_csv oracle), quotes undone, tab, line break and backslash "
          "escaped") {
    const std::string csv = write_rows(sample_rows(), Format::csv, euros());
    CHECK(gpucost::test::tsv_from_csv(csv) == write_rows(sample_rows(), Format::tsv, euros()));
    CHECK(gpucost::test::tsv_from_csv("a,b\n\"x\"\"y\",\n") == "a\tb\nx\"y\t\n");
}

TEST_CASE("write_rows: rows made as they are written go out a piece of about 1 MiB at a time, never whole") {
    // 100,000 rows of "row-<i>,<i x 0.5>" after the held rows: about 1.6 MB of CSV, so at least one full piece.
    RowSet rows = sample_rows();
    long long made = 0;
    rows.more = [&made](const RowEmit& emit) {
        for (; made < 100'000; ++made)
            emit({Field::of_text("row-" + std::to_string(made)), Field::of_money(0.5 * static_cast<double>(made)),
                  Field::missing(), Field::of_count(made), Field::of_boolean(false), Field::of_number(1.0),
                  Field::of_text("")});
    };
    std::vector<std::string> pieces;
    write_rows(rows, Format::csv, {}, [&pieces](std::string_view piece) { pieces.emplace_back(piece); });
    CHECK(made == 100'000);
    REQUIRE(pieces.size() >= 2);
    for (std::size_t i = 0; i + 1 < pieces.size(); ++i) {
        CHECK(pieces[i].size() >= (1u << 20));
        CHECK(pieces[i].size() < (1u << 20) + 256);  // a piece ends with the row that passes 1 MiB
    }
    std::string joined;
    for (const std::string& p : pieces) joined += p;
    const std::string held = write_rows(sample_rows(), Format::csv);
    CHECK(joined.rfind(held, 0) == 0);  // the header and the held rows first
    CHECK(joined.substr(held.size(), 26) == "row-0,0,,0,false,1,\nrow-1,");
    CHECK(joined.substr(joined.size() - 34) == "row-99999,49999.5,,99999,false,1,\n");  // 99,999 x 0.5
}

TEST_CASE("Field::of_count: whole numbers as their digits, past what a double holds exactly") {
    RowSet rows{
        {{"seed", false}}, {{Field::of_count(18446744073709551615ULL)}, {Field::of_count(9007199254740993LL)}}, {}};
    CHECK(write_rows(rows, Format::csv) == "seed\n18446744073709551615\n9007199254740993\n");  // 2^64 - 1; 2^53 + 1
}

TEST_CASE("make_rows: one row per item, the columns' values in the columns' order") {
    struct Item {
        std::string id;
        double usd;
    };
    constexpr Column<Item> columns[] = {{"id", [](const Item& i) { return Field::of_text(i.id); }},
                                        {"cost_usd", [](const Item& i) { return Field::of_money(i.usd); }}};
    const RowSet rows = make_rows(columns, std::vector<Item>{{"x", 1.5}, {"y", 2.0}});
    CHECK(write_rows(rows, Format::csv) == "id,cost_usd\nx,1.5\ny,2\n");
}

TEST_CASE("render: the dispatcher refuses a format the model lacks, naming it") {
    struct OnlyRows {};
    // A model with no overloads at all has no format.
    CHECK_THROWS_WITH(render(OnlyRows{}, Format::tsv), "--format: tsv is not available for this command");
    CHECK(std::string(to_string(Format::tsv)) == "tsv");
    CHECK(format_named("markdown") == Format::markdown);
    CHECK_FALSE(format_named("xml"));
}

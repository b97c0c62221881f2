// The cash flow's JSON written as it is made (issue 10: 200 builds over 600 months held 1.2 GB as one document):
// the pieces together are the whole text, each about 1 MiB, and the CLI writes them to stdout or --output alike.
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/api.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/render/cashflow_json.hpp"
#include "test_support.hpp"

using namespace gpucost;
using gpucost::test::run_gpucost;
using gpucost::test::test_path;

TEST_CASE("write_cash_flow_json: pieces of about 1 MiB that add up to render_json's text") {
    const Catalog catalog = load_catalog_file(test_path("data/mini_catalog.json"));
    ComparisonRequest request;
    request.flags.origin = "flag";
    request.flags.set(AssumptionKey::horizon_months, 600.0);  // every build of the mini catalogue over 50 years
    const CashFlowReport cash_flow = cash_flow_report(catalog, request);
    std::vector<std::string> pieces;
    write_cash_flow_json(cash_flow, {}, [&](std::string_view piece) { pieces.emplace_back(piece); });
    std::string joined;
    for (const std::string& p : pieces) joined += p;
    const std::string whole = render_json(cash_flow);
    CHECK(joined == whole);
    REQUIRE(pieces.size() > 2);  // streamed, not one text
    for (std::size_t i = 0; i + 1 < pieces.size(); ++i) {
        CHECK(pieces[i].size() >= (1u << 20));
        CHECK(pieces[i].size() < (1u << 20) + 4096);  // a piece ends at the first row past 1 MiB
    }
    // The layout of one dump of the whole document, byte for byte.
    CHECK(nlohmann::ordered_json::parse(whole).dump(2) + "\n" == whole);
}

TEST_CASE("write_cash_flow: every format's pieces add up to render()'s text, the table and markdown one comparison "
          "at a time") {
    const Catalog catalog = load_catalog_file(test_path("data/mini_catalog.json"));
    ComparisonRequest request;
    request.flags.origin = "flag";
    request.flags.set(AssumptionKey::horizon_months, 60.0);
    const CashFlowReport cash_flow = cash_flow_report(catalog, request);
    REQUIRE(cash_flow.report.comparisons.size() == 2);  // box-a4 and box-b2
    RenderOptions euros;
    euros.currency = {"EUR", 0.5};
    for (const Format format : {Format::json, Format::csv, Format::tsv, Format::table, Format::markdown, Format::html})
        for (const RenderOptions& options : {RenderOptions{}, euros}) {
            CAPTURE(to_string(format), options.currency.code);
            std::vector<std::string> pieces;
            write_cash_flow(cash_flow, format, options, [&](std::string_view piece) { pieces.emplace_back(piece); });
            std::string joined;
            for (const std::string& p : pieces) joined += p;
            CHECK(joined == render(cash_flow, format, options));
            if (format == Format::table || format == Format::markdown)
                CHECK(pieces.size() == 3);  // each comparison, then the closing lines
            if (format == Format::html) {   // a section or a comparison's part at a time, never the page whole
                std::size_t largest = 0;
                for (const std::string& p : pieces) largest = std::max(largest, p.size());
                CHECK(largest < joined.size() / 3);
            }
        }
}

TEST_CASE("write_cash_flow: the wide, yearly and FOCUS views stream the same text as render()") {
    const Catalog catalog = load_catalog_file(test_path("data/mini_catalog.json"));
    ComparisonRequest request;
    request.flags.origin = "flag";
    request.flags.set(AssumptionKey::horizon_months, 30.0);
    CashFlowReport cash_flow = cash_flow_report(catalog, request);
    const Date start{2027, 5, 1};
    for (const CashFlowView& view : {CashFlowView{CashFlowLayout::wide, CashFlowPeriod::month, {}},
                                     CashFlowView{CashFlowLayout::wide, CashFlowPeriod::year, start},
                                     CashFlowView{CashFlowLayout::long_rows, CashFlowPeriod::year, {}},
                                     CashFlowView{CashFlowLayout::focus, CashFlowPeriod::month, start}}) {
        cash_flow.view = view;
        const bool focus = view.layout == CashFlowLayout::focus;
        for (const Format format : {Format::json, Format::csv, Format::tsv, Format::table, Format::markdown}) {
            if (focus && format != Format::csv && format != Format::tsv) continue;
            CAPTURE(to_string(view.layout), to_string(view.by), to_string(format));
            std::string joined;
            write_cash_flow(cash_flow, format, {}, [&](std::string_view piece) { joined += piece; });
            CHECK(joined == render(cash_flow, format, {}));
            CHECK_FALSE(joined.empty());
        }
    }
}

// The text of `format` for the report `request` makes, kept whole (every comparison's profile held) or streamed
// from a report that keeps none (ComparisonRequest::cash_flow_profiles, as `cashflow` asks for a streamed format).
std::string cash_flow_text(const Catalog& catalog, ComparisonRequest request, const CashFlowView& view, Format format,
                           bool streamed) {
    request.cash_flow_profiles = !streamed;
    CashFlowReport cash_flow = cash_flow_report(catalog, request);
    cash_flow.view = view;
    for (const Comparison& c : cash_flow.report.comparisons) CHECK(c.cash_flow.flows.empty() == streamed);
    if (!streamed) return render(cash_flow, format, {});
    std::string joined;
    write_cash_flow(cash_flow, format, {}, [&](std::string_view piece) { joined += piece; });
    return joined;
}

TEST_CASE("write_cash_flow: a report that keeps no profile streams the whole report's text, every layout and format") {
    // The shipped catalogue (every build), a catalogue of several builds with a lead time, a loan and tax over 600
    // months (the finance and interim categories), and the mini catalogue.
    ComparisonRequest plain;
    plain.flags.origin = "flag";
    ComparisonRequest financed = plain;
    financed.flags.set(AssumptionKey::horizon_months, 600.0);
    financed.flags.set(AssumptionKey::lead_time_months, 4.0);
    financed.flags.set(AssumptionKey::financing, Financing::loan);
    financed.flags.set(AssumptionKey::tax_rate, 0.21);
    const Catalog shipped = load_embedded_catalog();
    const Catalog match = load_catalog_file(test_path("data/match_catalog.json"));
    const Catalog mini = load_catalog_file(test_path("data/mini_catalog.json"));
    const Date start{2027, 11, 1};
    for (const auto& [catalog, request] :
         {std::pair{&shipped, plain}, std::pair{&match, financed}, std::pair{&mini, financed}})
        for (const CashFlowView& view : {CashFlowView{}, CashFlowView{CashFlowLayout::wide, CashFlowPeriod::month, {}},
                                         CashFlowView{CashFlowLayout::wide, CashFlowPeriod::year, start},
                                         CashFlowView{CashFlowLayout::long_rows, CashFlowPeriod::year, {}},
                                         CashFlowView{CashFlowLayout::focus, CashFlowPeriod::month, start}})
            for (const Format format :
                 {Format::json, Format::csv, Format::tsv, Format::table, Format::markdown, Format::html}) {
                if (view.layout == CashFlowLayout::focus && format != Format::csv && format != Format::tsv) continue;
                CAPTURE(catalog->builds.size(), to_string(view.layout), to_string(view.by), to_string(format));
                const std::string whole = cash_flow_text(*catalog, request, view, format, false);
                CHECK(cash_flow_text(*catalog, request, view, format, true) == whole);
                CHECK(whole.size() > 1000);
            }
}

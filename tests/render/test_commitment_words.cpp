// Issue 20 item 2: under a commitment the cloud bill does not move with use, so no report may print a break-even
// direction a reader could take as "buy if you use it less". Every shipped build, both commitments, several uses.
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/error.hpp"

using namespace gpucost;

TEST_CASE("commitment words: no break-even direction under a commitment, in every human format", "[commitment]") {
    const Catalog catalog = load_embedded_catalog();
    int checked = 0;
    for (const Build& build : catalog.builds)
        for (const Pricing pricing : {Pricing::reserved_1y, Pricing::reserved_3y})
            for (const double hours : {10.0, 40.0, 100.0, 168.0}) {
                ComparisonRequest request;
                request.build_id = build.id;
                request.flags.origin = "flag";
                request.flags.set(AssumptionKey::pricing, pricing);
                request.flags.set(AssumptionKey::hours_per_week, hours);
                Report report;
                try {
                    report = build_report(catalog, request);
                } catch (const DataError&) {
                    continue;  // no offer of this build's shape sells that commitment (the marketplaces)
                }
                REQUIRE(report.comparisons.size() == 1);
                const Comparison& c = report.comparisons.front();
                REQUIRE(c.reading.break_even_kind == BreakEvenKind::owning_vs_commitment);
                INFO(build.id << " " << to_string(pricing) << " at " << hours << " h/week");
                for (const Format format : {Format::table, Format::markdown, Format::html}) {
                    const std::string out = render(report, format);
                    CHECK(out.find("owning wins below") == std::string::npos);
                    CHECK(out.find("owning is cheaper below") == std::string::npos);
                    CHECK(out.find("owning wins above") == std::string::npos);
                    CHECK(out.find("owning is cheaper above") == std::string::npos);
                }
                const std::string sentence = break_even_sentence(c);
                CHECK(sentence.find("commitment bills every hour") != std::string::npos);
                if (c.result.break_even_hours_per_week)
                    CHECK(break_even_text(c.result, c.reading.break_even_kind).find("vs commit") != std::string::npos);
                ++checked;
            }
    // The data-centre builds have commitment offers; at least six builds x 2 commitments x 4 uses are checked.
    CHECK(checked >= 6 * 8);
}

TEST_CASE("commitment words: the sentence gives where the commitment beats on demand", "[commitment]") {
    // A hand-set reading: the commitment beats on demand above 84 h/week ($5/h committed against $10/h on demand,
    // tests/report/test_backup_rental.cpp works it out), owning's running costs reach the commitment at 120 h/week.
    Comparison c;
    c.assumptions.values.pricing = Pricing::reserved_3y;
    c.reading.break_even_kind = BreakEvenKind::owning_vs_commitment;
    c.result.break_even_hours_per_week = 120.0;
    c.result.build_cheaper_above = false;
    CommitmentReading m;
    m.pricing = Pricing::reserved_3y;
    m.has_on_demand_price = true;
    m.beats_on_demand_above = 84.0;
    c.reading.commitment = m;
    CHECK(
        break_even_sentence(c) ==
        "Break-even: a reserved-3y commitment bills every hour of its term whatever the use, so only owning's running "
        "costs move with use; they reach the commitment at 120.0 h/week. The commitment beats this offer on demand "
        "only above 84.0 h/week; below that, compare with --pricing on-demand.");
    CHECK(break_even_text(c.result, c.reading.break_even_kind) == "120.0 vs commit");
    // The same figures on demand keep their direction: owning is cheaper below 120 h/week there.
    CHECK(break_even_text(c.result) == "120.0 below");
}

// The report model on the fixture catalogue (tests/data/mini_catalog.json), computed by hand.
// The goldens in tests/golden/compare_* show these same figures; this file proves them.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/embedded_catalog.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/report/verdict.hpp"
#include "test_support.hpp"

using namespace gpucost;
using Catch::Matchers::WithinRel;

namespace {

Catalog mini() { return parse_catalog(test::read_file(test::test_path("data/mini_catalog.json")), "mini"); }

ComparisonRequest for_build(const std::string& id) {
    ComparisonRequest r;
    r.build_id = id;
    r.flags.origin = "flag";
    return r;
}

}  // namespace

TEST_CASE("build_report: box-a4 at the fixture defaults, by hand") {
    const Catalog catalog = mini();
    const Report report = build_report(catalog, for_build("box-a4"));
    REQUIRE(report.comparisons.size() == 1);
    const Comparison& c = report.comparisons.front();
    const Evaluation& e = c.result;

    // Defaults: 84 h/week, 24 months, on-demand, 0.2 USD/kWh, PUE 1.5, always-on.
    // u = 84 x 730 / 168 = 365 h/month; idle hours = 730 - 365 = 365.
    // load = 1,000 + 4 x 500 = 3,000 W; idle = 200 + 4 x 50 = 400 W.
    // kWh = (365 x 3,000 + 365 x 400) / 1000 = 1,241; power = 1,241 x 1.5 x 0.2 = 372.3 a month.
    CHECK_THAT(e.build.power_usd, WithinRel(372.3 * 24, 1e-12));
    CHECK(e.build.hardware_usd == 4 * 10000.0 + 10000.0);  // 50,000
    CHECK(e.build.setup_usd == 1000.0);
    CHECK_THAT(e.build.staff_usd, WithinRel(0.1 * 120000 / 12 * 24, 1e-12));       // 24,000
    CHECK_THAT(e.build.maintenance_usd, WithinRel(0.1 * 50000 / 12 * 24, 1e-12));  // 10,000
    CHECK_THAT(e.build.facility_usd, WithinRel(100.0 * 24, 1e-12));                // 2,400
    // 2 of 4 years of life: 50,000 x (1 - 0.8 x 2/4) = 30,000 back.
    CHECK_THAT(e.build.resale_usd, WithinRel(-30000.0, 1e-12));
    // 50,000 + 1,000 + 8,935.2 + 24,000 + 10,000 + 2,400 - 30,000
    CHECK_THAT(e.build.total_usd, WithinRel(66335.2, 1e-12));

    // Offers for gpu-a: cheap-a8 (8 GPUs, $16/h: 1 instance, $16/h) and pricey-a1 (1 GPU, $3/h: 4 instances,
    // $12/h). Whole instances make the dearer-per-GPU offer the cheaper one for 4 GPUs.
    CHECK(c.offer.id == "pricey-a1");
    CHECK(e.cloud.instances == 4);
    CHECK(e.cloud.unused_gpus == 0);
    CHECK_THAT(e.cloud.compute_usd, WithinRel(4 * 3.0 * 365 * 24, 1e-12));  // 105,120
    CHECK_THAT(e.cloud.storage_usd, WithinRel(50.0 * 24, 1e-12));
    CHECK_THAT(e.cloud.egress_usd, WithinRel(25.0 * 24, 1e-12));
    CHECK_THAT(e.cloud.staff_usd, WithinRel(0.05 * 120000 / 12 * 24, 1e-12));  // 12,000
    CHECK_THAT(e.cloud.total_usd, WithinRel(118920.0, 1e-12));
    CHECK(e.cheaper == Side::build);
    CHECK_THAT(e.savings_usd, WithinRel(118920.0 - 66335.2, 1e-12));

    // Payback: upfront 51,000; build 372.3 + 1,000 + 416.67 + 100 = 1,888.97 a month;
    // cloud 4,380 + 50 + 25 + 500 = 4,955 a month; 51,000 / 3,066.03 = 16.6 -> month 17.
    REQUIRE(e.payback_month);
    CHECK(*e.payback_month == 17);

    // Break-even: D(0) = build 59,502.4 (idle power 292 kWh x 0.3 = 87.6 a month) - cloud 13,800 = 45,702.4;
    // dD/dh = (2.6 kWh x 0.3 - 12 $/h) x 730/168 x 24 = -1,170.09 per h/week -> h* = 39.06, owning wins above.
    REQUIRE(e.break_even_hours_per_week);
    const double slope = (2.6 * 0.3 - 12.0) * 730.0 / 168.0 * 24.0;
    CHECK_THAT(*e.break_even_hours_per_week, WithinRel(45702.4 / -slope, 1e-9));
    CHECK(e.build_cheaper_above == true);
    CHECK(c.offer_choice ==
          "the cheapest of 2 on-demand offers for GPU gpu-a, by cloud total for 4 GPUs over 24 months");
}

TEST_CASE("build_report: flags beat a build's overrides, which beat the catalogue") {
    const Catalog catalog = mini();
    ComparisonRequest request = for_build("box-b2");
    const Report plain = build_report(catalog, request);
    const ResolvedAssumptions& a = plain.comparisons.front().assumptions;
    CHECK(a.values.pue == 1.0);  // box-b2 sets pue 1.0 and facility 0 for an office
    CHECK(a.origins[static_cast<std::size_t>(AssumptionKey::pue)] == "build box-b2");
    CHECK(a.values.facility_usd_per_month == 0.0);
    CHECK(a.values.electricity_usd_per_kwh == 0.2);
    CHECK(a.origins[static_cast<std::size_t>(AssumptionKey::electricity_usd_per_kwh)] == "catalogue");

    request.flags.set(AssumptionKey::pue, 1.2);
    const Report flagged = build_report(catalog, request);
    const ResolvedAssumptions& f = flagged.comparisons.front().assumptions;
    CHECK(f.values.pue == 1.2);
    CHECK(f.origins[static_cast<std::size_t>(AssumptionKey::pue)] == "flag");
    CHECK(f.values.facility_usd_per_month == 0.0);  // the build's other override still holds
    // The report-level assumptions (catalogue < flags) are not touched by a build's overrides.
    CHECK(flagged.header.assumptions.values.facility_usd_per_month == 100.0);
}

TEST_CASE("build_report: every build ranked by what owning saves, oldest figure and estimates named") {
    const Catalog catalog = mini();
    ComparisonRequest request;
    const Report report = build_report(catalog, request);
    REQUIRE(report.comparisons.size() == 2);
    const double gain_first =
        report.comparisons[0].result.cloud.total_usd - report.comparisons[0].result.build.total_usd;
    const double gain_second =
        report.comparisons[1].result.cloud.total_usd - report.comparisons[1].result.build.total_usd;
    CHECK(gain_first >= gain_second);
    CHECK(report.comparisons[0].build.id == "box-a4");
    // gpu-b is dated 2025-06, the oldest figure used; it is marked as an estimate.
    CHECK(report.header.oldest_as_of == "2025-06");
    CHECK(report.comparisons[0].estimates.empty());
    REQUIRE(report.comparisons[1].estimates.size() == 1);
    CHECK(report.comparisons[1].estimates[0] == "GPU gpu-b is an estimate: fixture estimate");
}

TEST_CASE("build_report: an offer with fewer GPUs than needed rounds up and reports the unused ones") {
    const Catalog catalog = mini();
    ComparisonRequest request = for_build("box-a4");
    request.cloud_id = "cheap-a8";
    const Report report = build_report(catalog, request);
    const Evaluation& e = report.comparisons.front().result;
    CHECK(e.cloud.instances == 1);    // ceil(4 / 8)
    CHECK(e.cloud.unused_gpus == 4);  // 8 - 4
    REQUIRE(report.header.warnings.size() == 1);
    CHECK(report.header.warnings[0] == "box-a4: 1 instance(s) of 8 GPUs give 8 GPUs for 4; 4 paid for but unused");
}

TEST_CASE("build_report: unknown ids are data errors with a suggestion") {
    const Catalog catalog = mini();
    CHECK_THROWS_WITH(build_report(catalog, for_build("box-a")),
                      "unknown build \"box-a\" (did you mean \"box-a4\"?); `gpucost catalog list builds` lists them");
    ComparisonRequest request = for_build("box-a4");
    request.cloud_id = "pricey";
    CHECK_THROWS_AS(build_report(catalog, request), DataError);
}

TEST_CASE("the shipped catalogue validates, without warnings, and every build finds a cloud offer") {
    const Catalog catalog = load_embedded_catalog();
    CHECK(catalog.warnings.empty());
    CHECK(catalog.origin == "embedded");
    CHECK(catalog.gpus.size() >= 18);
    CHECK(catalog.builds.size() >= 12);
    CHECK(catalog.cloud.size() >= 60);
    for (const Build& b : catalog.builds) {
        INFO("build " << b.id);
        CHECK_NOTHROW(build_report(catalog, for_build(b.id)));
    }
    const Report all = build_report(catalog, ComparisonRequest{});
    CHECK(all.comparisons.size() == catalog.builds.size());
    // The file under data/ is the one embedded.
    CHECK(test::read_file(std::string(GPUCOST_SOURCE_DIR) + "/data/catalog.json") ==
          std::string(embedded_catalog_json()));
}

TEST_CASE("build_report: each side's total at 0 and 168 h/week, the lines the cost-vs-hours chart draws") {
    const Catalog catalog = mini();
    const Comparison c = build_report(catalog, for_build("box-a4")).comparisons.front();
    const UsageRange& u = c.usage_range;
    // At 0 h/week the machine idles all 730 h: 730 x 400 W = 292 kWh x 1.5 x 0.2 = 87.6 a month, 2,102.4 over 24;
    // the build total without its 8,935.2 of power at 84 h/week: 66,335.2 - 8,935.2 + 2,102.4 = 59,502.4.
    CHECK_THAT(u.build_at_0_usd, WithinRel(59502.4, 1e-12));
    // At 168 h/week it works all 730 h: 730 x 3,000 W = 2,190 kWh x 0.3 = 657 a month, 15,768 over 24: 73,168.
    CHECK_THAT(u.build_at_168_usd, WithinRel(73168.0, 1e-12));
    // The cloud without compute: 118,920 - 105,120 = 13,800; at 168 h/week compute is 4 x $3 x 730 x 24 = 210,240.
    CHECK_THAT(u.cloud_at_0_usd, WithinRel(13800.0, 1e-12));
    CHECK_THAT(u.cloud_at_168_usd, WithinRel(224040.0, 1e-12));
    // Both totals are affine in the hours: the lines pass through the totals at the user's 84 h/week and cross at
    // the break-even.
    const double hours = c.assumptions.values.hours_per_week;
    const auto line = [](double at_0, double at_168, double h) { return at_0 + (at_168 - at_0) * h / 168.0; };
    CHECK_THAT(line(u.build_at_0_usd, u.build_at_168_usd, hours), WithinRel(c.result.build.total_usd, 1e-12));
    CHECK_THAT(line(u.cloud_at_0_usd, u.cloud_at_168_usd, hours), WithinRel(c.result.cloud.total_usd, 1e-12));
    const double h = *c.result.break_even_hours_per_week;
    CHECK_THAT(line(u.build_at_0_usd, u.build_at_168_usd, h),
               WithinRel(line(u.cloud_at_0_usd, u.cloud_at_168_usd, h), 1e-12));
}

TEST_CASE("is_estimate_source: the word estimate in any ASCII case, anywhere in the source") {
    CHECK(is_estimate_source("estimate"));
    CHECK(is_estimate_source("gpucost ESTIMATE from two quotes"));
    CHECK(is_estimate_source("an Estimated figure"));   // "estimate" inside a longer word counts, as before
    CHECK(is_estimate_source("eestimate"));             // a false start ("e" then "es...") is not the end
    CHECK_FALSE(is_estimate_source("estimat"));         // cut short at the end
    CHECK_FALSE(is_estimate_source("AWS price list"));  // no such word
    CHECK_FALSE(is_estimate_source(""));
    CHECK(is_estimate_source("tttttttestimate"));  // a window ending on "t" moves one byte, not past the word
    CHECK(is_estimate_source("sources: ESTIMATe"));
}

TEST_CASE("is_estimate_source: the same answer as a search of a lower-cased copy, on texts made to nearly match") {
    // The search skips ahead by the byte under its window's end; texts of pieces of the word in both cases (and
    // bytes next to its letters: '@' and '`' sit beside 'A' and 'a') are where a wrong skip would miss it.
    std::mt19937_64 rng(21);
    const std::vector<std::string> pieces = {"e",   "E",     "s",     "t",       "T",       "i",   "m", "a", "est",
                                             "EST", "imate", "IMaTE", "estimat", "stimate", "ate", "x", "@", "`"};
    int found = 0;
    for (int i = 0; i < 20'000; ++i) {
        std::string text;
        for (std::uint64_t n = rng() % 9; n > 0; --n) text += pieces[rng() % pieces.size()];
        std::string lowered = text;
        for (char& ch : lowered) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        const bool expected = lowered.find("estimate") != std::string::npos;
        INFO(text);
        CHECK(is_estimate_source(text) == expected);
        found += expected ? 1 : 0;
    }
    CHECK(found > 0);  // the texts do hold the word now and then
}

TEST_CASE("build_report: the shipped catalogue's builds ranked in place, each the same as its own --build report") {
    const Catalog catalog = load_embedded_catalog();
    const Report report = build_report(catalog, ComparisonRequest{});
    REQUIRE(report.comparisons.size() > 8);  // a permutation of several cycles, not a sorted list
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < report.comparisons.size(); ++i) {
        const Comparison& c = report.comparisons[i];
        INFO("place " << i << ", build " << c.build.id);
        ids.push_back(c.build.id);
        if (i > 0) {
            const Comparison& p = report.comparisons[i - 1];
            const double gain = c.result.cloud.total_usd - c.result.build.total_usd;
            const double gain_before = p.result.cloud.total_usd - p.result.build.total_usd;
            CHECK((gain < gain_before || (gain == gain_before && p.build.id < c.build.id)));
        }
        // Moved whole: the comparison at this place is the one its build makes alone, to the bit.
        const Report alone = build_report(catalog, for_build(c.build.id));
        const Comparison& a = alone.comparisons.front();
        CHECK(c.offer.id == a.offer.id);
        CHECK(c.result.cloud.total_usd == a.result.cloud.total_usd);
        CHECK(c.result.build.total_usd == a.result.build.total_usd);
        CHECK(c.assumptions.values.lead_time_months == a.assumptions.values.lead_time_months);
        CHECK(c.figures.size() == a.figures.size());
        CHECK(c.estimates == a.estimates);
    }
    std::sort(ids.begin(), ids.end());
    CHECK(std::adjacent_find(ids.begin(), ids.end()) == ids.end());  // no build twice, none lost to a move
    const auto skipped = std::count_if(report.header.warnings.begin(), report.header.warnings.end(),
                                       [](const std::string& w) { return w.find(" skipped: ") != std::string::npos; });
    CHECK(ids.size() + static_cast<std::size_t>(skipped) == catalog.builds.size());  // the rest skipped, and said
}

// report/gates.hpp from a hand-built Report: each gate judged on each comparison, and the line `gpucost check`
// prints for it; the CLI goldens cover the rest.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/model/catalog.hpp"
#include "gpucost/report/gates.hpp"
#include "gpucost/report/report.hpp"

using gpucost::GateCheck;

namespace {

// One comparison over 24 months: build 12,000 USD (payback in month 20), cloud 18,000 USD; figures as of
// 2026-11-01, 2026-10 (the first of October) and 2026-11-30.
struct Fixture {
    gpucost::Report report;

    Fixture() {
        gpucost::Comparison c;
        c.build.id = "box-a4";
        c.offer.id = "cheap-a4";
        c.figures = {{"GPU", "a4", "2026-11-01", "", ""},
                     {"build", "box-a4", "2026-10", "", ""},
                     {"offer", "cheap-a4", "2026-11-30", "", ""}};
        c.assumptions.values.months = 24;
        c.result.build.total_usd = 12'000.0;
        c.result.cloud.total_usd = 18'000.0;
        c.result.cheaper = gpucost::Side::build;
        c.result.payback_month = 20;
        // The build's month: power 100 + staff 300 + maintenance 80 + facility 20 = 500; bought for 9,000 + 500.
        c.result.monthly.power_usd = 100.0;
        c.result.monthly.staff_build_usd = 300.0;
        c.result.monthly.maintenance_usd = 80.0;
        c.result.monthly.facility_usd = 20.0;
        c.result.build.hardware_usd = 9'000.0;
        c.result.build.setup_usd = 500.0;
        report.comparisons.push_back(c);
    }
};

}  // namespace

TEST_CASE("evaluate_gates: every gate asked for, in the order of Gates' fields, judged <= its limit") {
    const Fixture f;
    gpucost::Gates gates;
    gates.max_build_total_usd = 12'000.0;  // 12,000 <= 12,000: passes at the limit
    gates.max_cloud_total_usd = 17'999.99;
    gates.max_monthly_usd = 499.0;    // the cheaper side, the build: its dearest month is 500
    gates.max_payback_months = 20.0;  // month 20 <= 20
    gates.max_upfront_usd = 9'500.0;  // 9,000 + 500 <= 9,500: passes at the limit
    gates.expect = gpucost::Side::cloud;
    gates.max_age_days = 60;  // the oldest figure, 2026-10-01, is 31 + 30 = 61 days before 2026-12-01
    gates.today = {2026, 12, 1};
    const std::vector<GateCheck> checks = gpucost::evaluate_gates(f.report, gates);
    REQUIRE(checks.size() == 7);
    const std::vector<std::string> lines = {
        "ok max-build-total-usd: 12000.00 <= 12000.00",
        "FAIL max-cloud-total-usd: 18000.00 > 17999.99",
        "FAIL max-monthly-usd: 500.00 > 499.00",
        "ok max-payback-months: 20 <= 20",
        "ok max-upfront-usd: 9500.00 <= 9500.00",
        "FAIL expect: build is cheaper, expected cloud",
        "FAIL max-age-days: 61 > 60",
    };
    for (std::size_t i = 0; i < checks.size(); ++i) {
        CAPTURE(i);
        CHECK(checks[i].build_id == "box-a4");
        CHECK(checks[i].cloud_id == "cheap-a4");
        CHECK(gpucost::gate_line(checks[i], false) == lines[i]);
    }
    CHECK(gpucost::gate_line(checks[3], true) == "ok max-payback-months [box-a4 vs cheap-a4]: 20 <= 20");
    CHECK_FALSE(gpucost::all_passed(checks));
    CHECK(gpucost::evaluate_gates(f.report, gpucost::Gates{}).empty());  // no gate asked, none judged
}

TEST_CASE("evaluate_gates: a build that never pays back fails max-payback-months with a sentence") {
    Fixture f;
    f.report.comparisons[0].result.payback_month.reset();
    gpucost::Gates gates;
    gates.max_payback_months = 36.0;
    gates.expect = gpucost::Side::build;
    const std::vector<GateCheck> checks = gpucost::evaluate_gates(f.report, gates);
    REQUIRE(checks.size() == 2);
    CHECK(gpucost::gate_line(checks[0], false) ==
          "FAIL max-payback-months: never pays back within the horizon (limit 36)");
    CHECK(gpucost::gate_line(checks[1], false) == "ok expect: build is cheaper");
    CHECK_FALSE(gpucost::all_passed(checks));
    CHECK(gpucost::all_passed({checks[1]}));
    CHECK(gpucost::all_passed({}));  // nothing to fail
}

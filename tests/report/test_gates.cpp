// report/gates.hpp from a hand-built Report: each gate judged on each comparison, and the line `gpucost check`
// prints for it; the CLI goldens cover the rest.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/model/catalog.hpp"
#include "gpucost/report/gates.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/report/uncertainty.hpp"
#include "test_support.hpp"

using gpucost::GateCheck;
using gpucost::GateInfo;

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

// ---- the gates table ----

TEST_CASE("gate_infos: one row per Gates field, in its order, with its unit, bound and flag type") {
    struct Row {
        const char* name;
        gpucost::GateUnit unit;
        gpucost::GateBound bound;
        const char* type_name;
        bool own_flag;
    };
    using U = gpucost::GateUnit;
    constexpr auto max = gpucost::GateBound::at_most;
    constexpr auto min = gpucost::GateBound::at_least;
    const std::vector<Row> expected = {
        {"max-build-total-usd", U::usd, max, "USD", true},
        {"max-cloud-total-usd", U::usd, max, "USD", true},
        {"max-monthly-usd", U::usd, max, "USD", true},
        {"max-payback-months", U::months, max, "N", true},
        {"max-upfront-usd", U::usd, max, "USD", true},
        {"expect", U::side, max, "build|cloud", true},
        {"max-age-days", U::days, max, "N", false},  // the common --max-age-days flag
        {"min-p-build-cheaper", U::probability, min, "P", true},
        {"max-p-cloud-cheaper", U::probability, max, "P", true},
        {"max-net-present-cost-usd", U::usd, max, "USD", true},   // plan's alone
        {"min-owned-utilisation", U::share, min, "SHARE", true},  // plan's alone
    };
    const auto rows = gpucost::gate_infos();
    REQUIRE(rows.size() == expected.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        CAPTURE(i);
        CHECK(rows[i].name == expected[i].name);
        CHECK(rows[i].unit == expected[i].unit);
        CHECK(rows[i].bound == expected[i].bound);
        CHECK(rows[i].type_name == expected[i].type_name);
        CHECK(rows[i].own_flag == expected[i].own_flag);
        CHECK(gpucost::find_gate(rows[i].name) == &rows[i]);
        // A gate is read from the report or from a simulation, never both, or is plan's alone; expect alone has no
        // number field.
        CHECK((rows[i].report_value != nullptr) + (rows[i].simulation_value != nullptr) ==
              (rows[i].unit == U::side || !rows[i].for_check() ? 0 : 1));
        CHECK((rows[i].for_check() || rows[i].plan_value != nullptr));
        CHECK((rows[i].plan_value == nullptr) == rows[i].plan_help.empty());
        CHECK((rows[i].limit == nullptr) == (rows[i].unit == U::side));
    }
    CHECK(gpucost::find_gate("max-nothing") == nullptr);
}

TEST_CASE("gate_infos: each report row reads its own figure and its own Gates field") {
    const Fixture f;
    // The fixture's figures (above): build 12,000; cloud 18,000; the build's dearest month 500; payback month 20;
    // month 0 9,000 + 500 = 9,500; the oldest figure 2026-10-01, 31 + 30 = 61 days before 2026-12-01.
    const std::vector<std::pair<const char*, double>> figures = {
        {"max-build-total-usd", 12'000.0}, {"max-cloud-total-usd", 18'000.0}, {"max-monthly-usd", 500.0},
        {"max-payback-months", 20.0},      {"max-upfront-usd", 9'500.0},      {"max-age-days", 61.0}};
    for (const auto& [name, figure] : figures) {
        CAPTURE(name);
        const GateInfo* gate = gpucost::find_gate(name);
        REQUIRE(gate != nullptr);
        gpucost::Gates gates;
        gates.today = {2026, 12, 1};
        gates.*gate->limit = figure;  // at the limit: passes
        std::vector<GateCheck> checks = gpucost::evaluate_gates(f.report, gates);
        REQUIRE(checks.size() == 1);  // this row's field alone is set: this row alone is judged
        CHECK(checks[0].name == name);
        CHECK(checks[0].value == GateCheck::Value(figure));
        CHECK(checks[0].passed);
        gates.*gate->limit = figure - 0.5;  // below it: fails
        checks = gpucost::evaluate_gates(f.report, gates);
        REQUIRE(checks.size() == 1);
        CHECK_FALSE(checks[0].passed);
    }
}

TEST_CASE("gate_infos: the probability rows read the simulation, a minimum at or above, a maximum at or below") {
    gpucost::SimulationReport simulation;
    gpucost::SimulationComparison c;
    c.label.build.id = "box-a4";
    c.label.offer.id = "cheap-a4";
    c.result.p_build_cheaper = 0.8;  // 80 % of the draws
    c.result.p_cloud_cheaper = 0.2;
    simulation.comparisons.push_back(c);
    gpucost::Gates gates;
    gates.min_p_build_cheaper = 0.8;  // 0.8 >= 0.8
    gates.max_p_cloud_cheaper = 0.1;  // 0.2 > 0.1
    const std::vector<GateCheck> checks = gpucost::evaluate_probability_gates(simulation, gates);
    REQUIRE(checks.size() == 2);
    CHECK(gpucost::gate_line(checks[0], true) == "ok min-p-build-cheaper [box-a4 vs cheap-a4]: 0.8000 >= 0.8000");
    CHECK(gpucost::gate_line(checks[1], false) == "FAIL max-p-cloud-cheaper: 0.2000 > 0.1000");
    CHECK(gpucost::evaluate_gates(gpucost::Report{}, gates).empty());  // not the report's to judge
}

TEST_CASE("check: a flag per gate row, with the row's type, in the gates' help group") {
    const auto help = gpucost::test::run_gpucost({"check", "--help"});
    REQUIRE(help.exit_code == 0);
    for (const GateInfo& gate : gpucost::gate_infos()) {
        CAPTURE(gate.name);
        const std::string flag = "--" + std::string(gate.name) + " " + std::string(gate.type_name);
        CHECK((help.out.find(flag) != std::string::npos) == gate.for_check());  // plan's own rows are not check's
        if (!gate.for_check()) continue;
        // A bad limit names the flag and the row's valid range.
        if (gate.unit == gpucost::GateUnit::side || !gate.own_flag) continue;
        const auto bad = gpucost::test::run_gpucost({"check", "--" + std::string(gate.name), "-1"});
        CHECK(bad.exit_code == 2);
        CHECK(bad.err == "gpucost: error: --" + std::string(gate.name) +
                             (gate.unit == gpucost::GateUnit::probability ? ": must be a probability in [0, 1]"
                                                                          : ": must be a number >= 0") +
                             ", got \"-1\"\n");
    }
}

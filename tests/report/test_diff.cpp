// report/diff.hpp from hand-built runs: which builds changed, flipped, came or went, and which assumptions differ;
// and the diff's rows and JSON from the same model. The CLI goldens (tests/cli/test_diff_cli.cpp) cover the rest.
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/render/diff.hpp"
#include "gpucost/report/diff.hpp"
#include "test_support.hpp"

using gpucost::BuildDiff;
using gpucost::DiffStatus;
using gpucost::RunComparison;

namespace {

RunComparison run(const std::string& id, double build_total, double cloud_total, std::optional<double> break_even,
                  std::optional<double> payback) {
    RunComparison r;
    r.build_id = id;
    r.build_name = "Box " + id;
    r.offer_id = "offer-" + id;
    r.build_total_usd = build_total;
    r.cloud_total_usd = cloud_total;
    r.build_cheaper = build_total < cloud_total;
    r.savings_usd = build_total < cloud_total ? cloud_total - build_total : build_total - cloud_total;
    r.break_even_hours = break_even;
    r.build_cheaper_above = true;
    r.payback_month = payback;
    return r;
}

gpucost::CompareRun compare_run(const std::string& file, double hours) {
    gpucost::CompareRun r;
    r.file = file;
    r.command = "compare";
    r.tool_version = "0.1.0";
    r.catalog_as_of = "2026-12-01";
    r.catalog_source = "embedded";
    gpucost::AssumptionLayer layer;
    layer.origin = "flag";
    layer.set(gpucost::AssumptionKey::hours_per_week, hours);
    r.assumptions = gpucost::resolve({&layer});
    return r;
}

// Before: a (build 10,000 vs cloud 12,000), b (50,000 vs 40,000: renting wins), c.
// After: a as it was; b at 50,000 vs 55,000 (owning wins now); d new; c gone; 40 -> 60 h/week.
struct Runs {
    gpucost::CompareRun before = compare_run("base.json", 40);
    gpucost::CompareRun after = compare_run("head.json", 60);
    Runs() {
        before.comparisons = {run("a", 10'000, 12'000, 20.0, 24.0), run("b", 50'000, 40'000, 100.0, std::nullopt),
                              run("c", 1'000, 2'000, 5.0, 6.0)};
        after.comparisons = {run("b", 50'000, 55'000, 90.0, 30.0), run("a", 10'000, 12'000, 20.0, 24.0),
                             run("d", 7'000, 9'000, std::nullopt, std::nullopt)};
    }
};

}  // namespace

TEST_CASE("diff_runs: unchanged, changed with a flip, added and removed builds, in the newer run's order", "[diff]") {
    const Runs r;
    const gpucost::DiffReport d = gpucost::diff_runs(r.before, r.after);
    REQUIRE(d.builds.size() == 4);
    // The newer run's order (b, a, d), then what only the baseline had (c).
    CHECK(d.builds[0].build_id == "b");
    CHECK(d.builds[1].build_id == "a");
    CHECK(d.builds[2].build_id == "d");
    CHECK(d.builds[3].build_id == "c");
    CHECK(d.builds[0].status == DiffStatus::changed);
    CHECK(d.builds[0].verdict_flipped);
    CHECK(d.builds[1].status == DiffStatus::unchanged);
    CHECK_FALSE(d.builds[1].verdict_flipped);
    CHECK(d.builds[2].status == DiffStatus::added);
    CHECK_FALSE(d.builds[2].before);
    CHECK(d.builds[3].status == DiffStatus::removed);
    CHECK_FALSE(d.builds[3].after);
    // b: owning saves 40,000 - 50,000 = -10,000 before, 55,000 - 50,000 = 5,000 after.
    CHECK(gpucost::owning_saves_usd(*d.builds[0].before) == -10'000.0);
    CHECK(gpucost::owning_saves_usd(*d.builds[0].after) == 5'000.0);
    const gpucost::DiffCounts n = gpucost::diff_counts(d);
    CHECK(n.changed == 1);
    CHECK(n.unchanged == 1);
    CHECK(n.added == 1);
    CHECK(n.removed == 1);
    CHECK(n.flipped == 1);
    // Only hours_per_week differs (40 -> 60); every other key is the code default in both.
    REQUIRE(d.assumptions.size() == 1);
    CHECK(d.assumptions[0].key == gpucost::AssumptionKey::hours_per_week);
    CHECK(d.header.command == "diff");
    CHECK(d.after.file == "head.json");
}

TEST_CASE("diff_runs: any figure that moves marks the build changed, a moved origin alone is no difference", "[diff]") {
    Runs r;
    r.after.comparisons = r.before.comparisons;
    r.after.assumptions = r.before.assumptions;
    r.after.assumptions.origins[static_cast<std::size_t>(gpucost::AssumptionKey::hours_per_week)] = "scenario x";
    CHECK(gpucost::diff_counts(gpucost::diff_runs(r.before, r.after)).unchanged == 3);
    CHECK(gpucost::diff_runs(r.before, r.after).assumptions.empty());
    r.after.comparisons[0].payback_month = 25.0;  // a's payback alone moves by a month
    CHECK(gpucost::diff_runs(r.before, r.after).builds[0].status == DiffStatus::changed);
    r.after.comparisons[0] = r.before.comparisons[0];
    r.after.comparisons[2].offer_id = "offer-c2";  // c compared with another offer at the same figures
    const gpucost::DiffReport d = gpucost::diff_runs(r.before, r.after);
    CHECK(d.builds[2].status == DiffStatus::changed);
    CHECK(d.builds[2].offer_changed);
}

TEST_CASE("diff rows and JSON: both runs' figures and after less before, null where a run lacks the build", "[diff]") {
    const Runs r;
    const gpucost::DiffReport d = gpucost::diff_runs(r.before, r.after);
    const auto body = nlohmann::json::parse(gpucost::test::json_body(gpucost::render_json(d)));
    CHECK(body["summary"]["builds_changed"] == 1);
    CHECK(body["summary"]["verdict_flips"] == 1);
    CHECK(body["summary"]["assumptions_changed"] == 1);
    CHECK(body["assumptions"][0]["key"] == "hours_per_week");
    CHECK(body["assumptions"][0]["before"] == 40.0);
    CHECK(body["assumptions"][0]["after"] == 60.0);
    const auto& b = body["builds"][0];
    // b: build 50,000 -> 50,000 (0); cloud 40,000 -> 55,000 (+15,000); saves -10,000 -> 5,000 (+15,000);
    // break-even 100 -> 90 (-10) h/week; payback none -> 30 (no change to state).
    CHECK(b["change"]["build_total_usd"] == 0.0);
    CHECK(b["change"]["cloud_total_usd"] == 15'000.0);
    CHECK(b["change"]["owning_saves_usd"] == 15'000.0);
    CHECK(b["change"]["break_even_hours_per_week"] == -10.0);
    CHECK(b["change"]["payback_months"].is_null());
    CHECK(b["before"]["cheaper"] == "cloud");
    CHECK(b["after"]["cheaper"] == "build");
    CHECK(body["builds"][2]["before"].is_null());  // d: added
    CHECK(body["builds"][3]["after"].is_null());   // c: removed
    CHECK(body["builds"][3]["change"].is_null());
    // The rows: in EUR at 0.5 per US dollar, b's saves change is 7,500 under a renamed column.
    gpucost::RenderOptions eur;
    eur.currency = {"EUR", 0.5};
    const std::string csv = gpucost::render(d, gpucost::Format::csv, eur);
    CHECK(csv.find("owning_saves_change_eur") != std::string::npos);
    CHECK(csv.find("b,Box b,changed,true,cloud,build,offer-b,offer-b,25000,25000,0,20000,27500,7500,-5000,2500,7500,"
                   "100,90,,30\n") != std::string::npos);
}

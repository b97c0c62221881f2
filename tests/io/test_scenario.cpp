// Scenario files: parsing, validation, precedence (flag > scenario > build > catalogue) and the init round trip.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/scenario_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/model/scenario.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/error.hpp"
#include "temp_file.hpp"
#include "test_support.hpp"

using namespace gpucost;
using gpucost::test::run_gpucost;
using gpucost::test::test_path;

namespace {
double number_of(const AssumptionLayer& layer, AssumptionKey key) { return std::get<double>(*layer.get(key)); }
}  // namespace

TEST_CASE("parse_scenario reads assumptions, build and cloud, and ignores _ keys") {
    const Scenario s = parse_scenario(R"({"_sources": {"x": 1}, "build": "box-a4", "cloud": null,
        "hours_per_week": 40, "years": 0.5, "pricing": "spot", "idle": "off"})",
                                      "s.json");
    CHECK(s.build_id == std::optional<std::string>("box-a4"));
    CHECK_FALSE(s.cloud_id);
    CHECK(s.assumptions.origin == "scenario s.json");
    CHECK(number_of(s.assumptions, AssumptionKey::hours_per_week) == 40.0);
    CHECK(number_of(s.assumptions, AssumptionKey::horizon_months) == 6.0);  // held as months: 0.5 y x 12
    CHECK(std::get<Pricing>(*s.assumptions.get(AssumptionKey::pricing)) == Pricing::spot);
    CHECK(std::get<IdlePolicy>(*s.assumptions.get(AssumptionKey::idle)) == IdlePolicy::off);
    CHECK_FALSE(s.assumptions.get(AssumptionKey::pue));
}

TEST_CASE("parse_scenario reports every problem: unknown keys with did you mean, ranges, types") {
    try {
        parse_scenario(R"({"hours_per_wek": 40, "pue": 0.5, "years": 0.01, "build": 7, "pricing": "spto"})", "t.json");
        FAIL("no error");
    } catch (const ValidationError& e) {
        REQUIRE(e.problems().size() == 5);
        const std::string all = e.what();
        CHECK_THAT(all, Catch::Contains("/hours_per_wek: unknown key (did you mean \"hours_per_week\"?)"));
        CHECK_THAT(all, Catch::Contains("/pue"));    // [1, 5]
        CHECK_THAT(all, Catch::Contains("/years"));  // 0.01 y rounds to 0 months
        CHECK_THAT(all, Catch::Contains("/build: must be a non-empty id string or null, got 7"));
        CHECK_THAT(all, Catch::Contains("/pricing: must be one of on-demand"));
    }
}

TEST_CASE("parse_scenario rejects malformed JSON and non-objects as data errors") {
    CHECK_THROWS_AS(parse_scenario("{", "x.json"), DataError);
    CHECK_THROWS_AS(parse_scenario("[1]", "x.json"), ValidationError);
    CHECK_THROWS_AS(parse_scenario("", "x.json"), DataError);
}

TEST_CASE("scenario precedence: flag > scenario > build's overrides > catalogue") {
    const Catalog catalog = load_catalog_file(test_path("data/mini_catalog.json"));
    ComparisonRequest request;
    request.build_id = "box-b2";  // its own overrides: pue 1.0, facility 0
    request.scenario = parse_scenario(R"({"pue": 1.2, "hours_per_week": 10})", "s.json").assumptions;
    const auto pue = static_cast<std::size_t>(AssumptionKey::pue);
    const auto hours = static_cast<std::size_t>(AssumptionKey::hours_per_week);
    const auto facility = static_cast<std::size_t>(AssumptionKey::facility_usd_per_month);
    const auto electricity = static_cast<std::size_t>(AssumptionKey::electricity_usd_per_kwh);
    {
        const Report r = build_report(catalog, request);
        const ResolvedAssumptions& a = r.comparisons.front().assumptions;
        CHECK(a.values.pue == 1.2);  // scenario over the build's 1.0
        CHECK(a.origins[pue] == "scenario s.json");
        CHECK(a.values.facility_usd_per_month == 0.0);  // the build's, the scenario is silent
        CHECK(a.origins[facility] == "build box-b2");
        CHECK(a.values.electricity_usd_per_kwh == 0.2);  // the catalogue's
        CHECK(a.origins[electricity] == "catalogue");
        CHECK(a.origins[hours] == "scenario s.json");
    }
    request.flags.origin = "flag";
    request.flags.set(AssumptionKey::pue, 1.3);
    const Report r = build_report(catalog, request);
    CHECK(r.comparisons.front().assumptions.values.pue == 1.3);
    CHECK(r.comparisons.front().assumptions.origins[pue] == "flag");
}

TEST_CASE("init output round-trips through --scenario to the same report as no scenario") {
    const auto init = run_gpucost({"init", "--catalog", "data/mini_catalog.json"});
    REQUIRE(init.exit_code == 0);
    const Scenario s = parse_scenario(init.out, "init.json");  // every key known, every value in range
    // Every assumption is there; those a build sets for itself (box-b2: pue, facility) as "_" comments.
    for (const AssumptionInfo& i : assumption_infos()) {
        const bool commented = i.key == AssumptionKey::pue || i.key == AssumptionKey::facility_usd_per_month;
        CHECK(s.assumptions.get(i.key).has_value() == !commented);
        CHECK_THAT(init.out, Catch::Contains("\"" + std::string(commented ? "_" : "") + std::string(i.name) + "\": "));
    }
    CHECK_FALSE(s.build_id);

    const gpucost::test::TempDir folder("init-scenario");
    const std::string path = (folder.path / "scenario.json").string();
    const auto write = run_gpucost({"init", "--catalog", "data/mini_catalog.json", "--output", path, "--force"});
    REQUIRE(write.exit_code == 0);
    const auto plain = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--format", "json"});
    const auto with =
        run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--format", "json", "--scenario", path});
    REQUIRE(with.exit_code == 0);
    auto a = nlohmann::json::parse(plain.out);
    auto b = nlohmann::json::parse(with.out);
    REQUIRE(!a["report"]["comparisons"].empty());
    CHECK(a["report"]["comparisons"] == b["report"]["comparisons"]);
    CHECK(a["assumptions"] == b["assumptions"]);
    CHECK(b["assumption_sources"]["electricity_usd_per_kwh"]["from"] == "scenario " + path);
    CHECK(b["assumption_sources"]["pue"]["from"] == "catalogue");  // "_pue" in the template: a comment
    // The CSV carries no origins, so it is byte-identical.
    CHECK(run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--format", "csv"}).out ==
          run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--format", "csv", "--scenario", path}).out);
}

TEST_CASE("scenario flag: --scenario from the command line: build from the file, flags win, errors exit 3") {
    const auto r = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--scenario",
                                "data/scenario/team.json", "--hours-per-week", "20", "--wide"});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::StartsWith("box-b2:"));  // "build" from the file: the detailed view
    CHECK_THAT(r.out, Catch::Matches("[\\s\\S]*hours_per_week +20 +h/week +flag[\\s\\S]*"));
    CHECK_THAT(r.out, Catch::Contains("scenario data/scenario/team.json"));
    const auto bad =
        run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--scenario", "data/scenario/typo.json"});
    CHECK(bad.exit_code == 3);
    CHECK(bad.out.empty());
    CHECK_THAT(bad.err, Catch::Contains("data/scenario/typo.json: /hours_per_wek: unknown key (did you mean"));
    CHECK(run_gpucost({"compare", "--scenario", "data/scenario/missing.json"}).exit_code == 3);
}

TEST_CASE("init on a catalogue without assumptions writes the gpucost defaults and their sources") {
    const auto init = run_gpucost({"init", "--catalog", "data/minimal_catalog.json"});
    REQUIRE(init.exit_code == 0);
    const nlohmann::json file = nlohmann::json::parse(init.out);
    CHECK(file.at("years") == 3.0);  // written in years, as read: the table's 36 months
    CHECK(file.at("pue") == 1.54);
    const std::string pue = file.at("_sources").at("pue");
    CHECK_THAT(pue, Catch::StartsWith(std::string(info(AssumptionKey::pue).help) + "; default from gpucost default: " +
                                      std::string(info(AssumptionKey::pue).default_source).substr(0, 20)));
    const Scenario s = parse_scenario(init.out, "init.json");
    CHECK(std::get<double>(*s.assumptions.get(AssumptionKey::horizon_months)) == 36.0);
}

TEST_CASE("scenario values go through the one parser: the same reasons as catalogue and flags") {
    try {
        parse_scenario(R"({"years": 0.01, "idle": "", "pricing": 3, "hours_per_week": "40"})", "p.json");
        FAIL("no error");
    } catch (const ValidationError& e) {
        REQUIRE(e.problems().size() == 4);
        CHECK(e.problems()[0].path == "/hours_per_week");
        CHECK(e.problems()[0].message == "must be a number in [0, 168] h/week, got the string \"40\"");
        CHECK(e.problems()[1].message == "must be at least 1 month (1/12 year), got 0.01");  // 0.12 months
        CHECK(e.problems()[2].message == "must be one of on-demand, spot, reserved-1y, reserved-3y, got 3");
        CHECK(e.problems()[3].message == "must be one of always-on, off, got \"\"");
    }
}

// Catalogue schema_version 2 (issue 11, model v2): the new assumptions in catalogues, builds, overlays, scenarios and
// flags; offers' storage_usd_per_tb_month and builds' storage_tb; a version-1 document keeps model v1.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/catalog_json_write.hpp"
#include "gpucost/io/scenario_json.hpp"
#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/catalog.hpp"
#include "test_support.hpp"

using namespace gpucost;
using json = nlohmann::json;

namespace {

json mini_json() { return json::parse(test::read_file(test::test_path("data/mini_catalog.json"))); }

Catalog parse(const json& j) { return parse_catalog(j.dump(), "c.json"); }

// The one problem a document gives, "PATH: MESSAGE"; "" when it parses.
std::string problem_of(const json& j) {
    try {
        parse(j);
    } catch (const ValidationError& e) {
        REQUIRE(e.problems().size() == 1);
        return e.problems()[0].path + ": " + e.problems()[0].message;
    }
    return "";
}

double number_in(const AssumptionLayer& layer, AssumptionKey key) {
    REQUIRE(layer.get(key));
    return std::get<double>(*layer.get(key));
}

}  // namespace

TEST_CASE("v2 loader: a version-2 catalogue reads every new assumption, with its source") {
    json j = mini_json();
    j["schema_version"] = 2;
    auto& a = j["assumptions"];
    a["resale"] = "curve";
    a["resale_decline_per_year"] = 0.3;
    a["cloud_price_change_per_year"] = -0.15;
    a["electricity_price_change_per_year"] = 0.03;
    a["lead_time_months"] = 3;
    a["on_demand_overhead"] = 0.1;
    a["storage_tb"] = 2;
    a["cloud_storage_usd_per_tb_month"] = 80;
    a["sources"]["resale"] = "fixture resale";
    const Catalog c = parse(j);
    CHECK(c.schema_version == 2);
    REQUIRE(c.assumptions.get(AssumptionKey::resale));
    CHECK(std::get<ResaleModel>(*c.assumptions.get(AssumptionKey::resale)) == ResaleModel::curve);
    CHECK(number_in(c.assumptions, AssumptionKey::resale_decline_per_year) == 0.3);
    CHECK(number_in(c.assumptions, AssumptionKey::cloud_price_change_per_year) == -0.15);
    CHECK(number_in(c.assumptions, AssumptionKey::electricity_price_change_per_year) == 0.03);
    CHECK(number_in(c.assumptions, AssumptionKey::lead_time_months) == 3.0);
    CHECK(number_in(c.assumptions, AssumptionKey::on_demand_overhead) == 0.1);
    CHECK(number_in(c.assumptions, AssumptionKey::storage_tb) == 2.0);
    CHECK(number_in(c.assumptions, AssumptionKey::cloud_storage_usd_per_tb_month) == 80.0);
    CHECK(c.assumptions.sources[static_cast<std::size_t>(AssumptionKey::resale)].str() == "fixture resale");

    const ResolvedAssumptions r = resolve({&c.assumptions});
    CHECK(r.values.resale == ResaleModel::curve);
    CHECK(r.values.lead_time_months == 3);
    CHECK(r.values.storage_tb == 2.0);
    CHECK(display_value(r.values, AssumptionKey::resale) == "curve");
    CHECK(display_value(r.values, AssumptionKey::lead_time_months) == "3");
}

TEST_CASE("v2 loader: the code defaults of the new keys are v1's neutral values") {
    const ResolvedAssumptions r = resolve({});
    CHECK(r.values.resale == ResaleModel::straight_line);
    CHECK(r.values.resale_decline_per_year == 0.0);
    CHECK(r.values.cloud_price_change_per_year == 0.0);
    CHECK(r.values.electricity_price_change_per_year == 0.0);
    CHECK(r.values.lead_time_months == 0);
    CHECK(r.values.on_demand_overhead == 0.0);
    CHECK(r.values.storage_tb == 0.0);
    CHECK(r.values.cloud_storage_usd_per_tb_month == 0.0);
    for (const AssumptionInfo& i : assumption_infos()) {
        INFO(i.name);
        const bool v2 = i.key >= AssumptionKey::resale;
        CHECK(i.since_schema == (v2 ? 2 : 1));
    }
}

TEST_CASE("v2 loader: every new key is range-checked with its range in the message") {
    json j = mini_json();
    j["schema_version"] = 2;
    const auto bad = [&](const char* key, const json& value) {
        json k = j;
        k["assumptions"][key] = value;
        return problem_of(k);
    };
    CHECK(bad("resale", "linear") == "/assumptions/resale: must be one of straight-line, curve, none, got \"linear\"");
    CHECK(bad("resale", 1) == "/assumptions/resale: must be one of straight-line, curve, none, got 1");
    // [0, 1): a value that falls by 100 % a year is none, not a curve.
    CHECK(bad("resale_decline_per_year", 1) ==
          "/assumptions/resale_decline_per_year: must be in [0, 1) per year, got 1");
    CHECK(bad("resale_decline_per_year", 0.999).empty());
    CHECK(bad("cloud_price_change_per_year", -0.95) ==
          "/assumptions/cloud_price_change_per_year: must be in [-0.9, 1] per year, got -0.95");
    CHECK(bad("cloud_price_change_per_year", -0.9).empty());
    CHECK(bad("electricity_price_change_per_year", 1.5) ==
          "/assumptions/electricity_price_change_per_year: must be in [-0.9, 1] per year, got 1.5");
    CHECK(bad("lead_time_months", 2.5) ==
          "/assumptions/lead_time_months: must be a whole number in [0, 599] months, got 2.5");
    CHECK(bad("lead_time_months", -1) == "/assumptions/lead_time_months: must be in [0, 599] months, got -1");
    CHECK(bad("on_demand_overhead", 1.01) == "/assumptions/on_demand_overhead: must be in [0, 1], got 1.01");
    // nlohmann writes 2e6 as 2000000.0, and the message quotes it as written (issue 10).
    CHECK(bad("storage_tb", 2e6) == "/assumptions/storage_tb: must be in [0, 1000000] TB, got 2000000.0");
    CHECK(bad("cloud_storage_usd_per_tb_month", "80") ==
          "/assumptions/cloud_storage_usd_per_tb_month: must be a number in [0, 10000] USD/TB-month, got the string "
          "\"80\"");
}

TEST_CASE("v2 loader: a version-1 catalogue may not give a version-2 key") {
    json j = mini_json();  // schema_version 1
    REQUIRE(j["schema_version"] == 1);
    CHECK(parse(j).schema_version == 1);
    json k = j;
    k["assumptions"]["resale"] = "none";
    CHECK(problem_of(k) == "/assumptions/resale: needs schema_version 2; this document says version 1, which keeps "
                           "model v1 (set \"schema_version\": 2 to use it)");
    k = j;
    k["builds"][0]["assumptions"]["lead_time_months"] = 2;
    CHECK(problem_of(k) == "/builds/0/assumptions/lead_time_months: needs schema_version 2; this document says "
                           "version 1, which keeps model v1 (set \"schema_version\": 2 to use it)");
    k = j;
    k["builds"][0]["storage_tb"] = 2;
    CHECK(problem_of(k) == "/builds/0/storage_tb: needs schema_version 2; this document says version 1, which keeps "
                           "model v1 (set \"schema_version\": 2 to use it)");
    k = j;
    k["cloud"][0]["storage_usd_per_tb_month"] = 50;
    CHECK(problem_of(k) == "/cloud/0/storage_usd_per_tb_month: needs schema_version 2; this document says version "
                           "1, which keeps model v1 (set \"schema_version\": 2 to use it)");
    k = j;
    k["schema_version"] = 3;
    CHECK(problem_of(k) == "/schema_version: unsupported version 3; this gpucost reads versions 1 to 2");
}

TEST_CASE("v2 loader: builds override the new assumptions, storage_tb beside a build's figures") {
    json j = mini_json();
    j["schema_version"] = 2;
    j["builds"][0]["assumptions"]["resale"] = "curve";
    j["builds"][0]["assumptions"]["resale_decline_per_year"] = 0.25;
    j["builds"][0]["assumptions"]["lead_time_months"] = 4;
    j["builds"][0]["storage_tb"] = 7.68;
    const Catalog c = parse(j);
    const Build& b = c.builds[0];
    CHECK(std::get<ResaleModel>(*b.assumptions.get(AssumptionKey::resale)) == ResaleModel::curve);
    CHECK(number_in(b.assumptions, AssumptionKey::lead_time_months) == 4.0);
    CHECK(number_in(b.assumptions, AssumptionKey::storage_tb) == 7.68);
    const ResolvedAssumptions r = resolve({&c.assumptions, &b.assumptions});
    CHECK(r.values.storage_tb == 7.68);
    CHECK(r.origins[static_cast<std::size_t>(AssumptionKey::storage_tb)] == "build " + b.id);

    // Written back under "assumptions", read back equal.
    const json written = write_build(b);
    CHECK(written.at("assumptions").at("storage_tb") == 7.68);

    // Once only; a build may not set a choice of the comparison (the cloud's price trend).
    json k = j;
    k["builds"][0]["assumptions"]["storage_tb"] = 1;
    CHECK(problem_of(k) == "/builds/0/storage_tb: given twice: here and under \"assumptions\"; keep one");
    k = j;
    k["builds"][0]["storage_tb"] = -1;
    CHECK(problem_of(k) == "/builds/0/storage_tb: must be in [0, 1000000] TB, got -1");
    k = j;
    k["builds"][0]["assumptions"]["cloud_price_change_per_year"] = 0.1;
    CHECK(problem_of(k) == "/builds/0/assumptions/cloud_price_change_per_year: is a choice of the comparison, not a "
                           "property of a build; set it with a flag instead");
}

TEST_CASE("v2 loader: an offer's storage_usd_per_tb_month, optional, range-checked, written back") {
    json j = mini_json();
    j["schema_version"] = 2;
    j["cloud"][0]["storage_usd_per_tb_month"] = 70;
    const Catalog c = parse(j);
    REQUIRE(c.cloud[0].storage_usd_per_tb_month);
    CHECK(*c.cloud[0].storage_usd_per_tb_month == 70.0);
    CHECK_FALSE(c.cloud[1].storage_usd_per_tb_month);
    CHECK(write_offer(c.cloud[0]).at("storage_usd_per_tb_month") == 70.0);
    CHECK_FALSE(write_offer(c.cloud[1]).contains("storage_usd_per_tb_month"));
    json k = j;
    k["cloud"][0]["storage_usd_per_tb_month"] = 20000;
    CHECK(problem_of(k) == "/cloud/0/storage_usd_per_tb_month: must be in [0, 10000] USD/TB-month, got 20000");
    // An imported price list says version 2 only when it needs it.
    CHECK(json::parse(write_offers_overlay({c.cloud[1]}, "2026-11-30", "n"))["schema_version"] == 1);
    CHECK(json::parse(write_offers_overlay({c.cloud[0]}, "2026-11-30", "n"))["schema_version"] == 2);
}

TEST_CASE("v2 loader: confidence \"derived\" for figures computed from sourced ones") {
    json j = mini_json();
    j["cloud"][0]["confidence"] = "derived";
    j["cloud"][0]["note"] = "published 1-year discount applied to the on-demand price";
    CHECK(parse(j).cloud[0].provenance.confidence == "derived");
    j["cloud"][0].erase("note");
    CHECK(problem_of(j) == "/cloud/0/note: missing; an entry marked \"derived\" must say why in a note");
    j["cloud"][0]["confidence"] = "guess";
    j["cloud"][0]["note"] = "x";
    CHECK(problem_of(j) == "/cloud/0/confidence: must be one of sourced, estimate, derived, unverified, got \"guess\"");
}

TEST_CASE("v2 loader: overlays and scenarios take the new keys, an overlay without a version is the newest") {
    const Catalog base = parse(mini_json());
    const Catalog overlay =
        parse_catalog_overlay(R"({"assumptions": {"resale": "none", "lead_time_months": 2}})", "o.json", base);
    CHECK(std::get<ResaleModel>(*overlay.assumptions.get(AssumptionKey::resale)) == ResaleModel::none);
    CHECK_THROWS_AS(
        parse_catalog_overlay(R"({"schema_version": 1, "assumptions": {"resale": "none"}})", "o.json", base),
        ValidationError);

    const Scenario s = parse_scenario(R"({"resale": "curve", "resale_decline_per_year": 0.3, "storage_tb": 5,
        "cloud_price_change_per_year": -0.2, "on_demand_overhead": 0.15})",
                                      "s.json");
    CHECK(std::get<ResaleModel>(*s.assumptions.get(AssumptionKey::resale)) == ResaleModel::curve);
    CHECK(number_in(s.assumptions, AssumptionKey::cloud_price_change_per_year) == -0.2);
    CHECK(number_in(s.assumptions, AssumptionKey::on_demand_overhead) == 0.15);

    // `gpucost init` writes every key, the new ones at their neutral values.
    const json tmpl = json::parse(scenario_template(base));
    CHECK(tmpl.at("resale") == "straight-line");
    CHECK(tmpl.at("lead_time_months") == 0.0);
    CHECK(tmpl.at("cloud_storage_usd_per_tb_month") == 0.0);
}

TEST_CASE("v2 loader: flags take the new keys, and the lead time must fall inside the horizon") {
    const std::string mini = test::test_path("data/mini_catalog.json");
    const test::RunResult ok =
        test::run_gpucost({"compare", "--catalog", mini, "--resale", "none", "--lead-time-months", "3",
                           "--cloud-price-change-per-year", "-0.2", "--format", "json"});
    CHECK(ok.exit_code == 0);
    const json report = json::parse(ok.out);
    CHECK(report.at("assumptions").at("resale") == "none");
    CHECK(report.at("assumptions").at("lead_time_months") == 3.0);

    const test::RunResult bad = test::run_gpucost({"compare", "--catalog", mini, "--resale", "curvy"});
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("--resale: must be one of straight-line, curve, none, got \"curvy\"") != std::string::npos);

    // The fixture's horizon is 2 years: 24 months, so a lead time of 24 leaves no month with the machine.
    const test::RunResult late = test::run_gpucost({"compare", "--catalog", mini, "--lead-time-months", "24"});
    CHECK(late.exit_code == 2);
    CHECK(late.err.find("lead_time_months must be in [0, 23] (below the horizon of 24 months), got 24") !=
          std::string::npos);
}

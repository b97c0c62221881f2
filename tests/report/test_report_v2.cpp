// Model v2 in what users see (issue 11): the verdict without resale, the estimated assumptions that turn the
// verdict, both paybacks in every format, and the gates' new meaning (--max-monthly-usd, --max-upfront-usd).
// Figures by hand from tests/data/mini_catalog.json: box-a4 is 4 x gpu-a ($10,000, 500 W / 50 W) on a $10,000
// base (1,000 W / 200 W), setup $1,000; pricey-a1 rents 1 GPU at $3/h; 24 months, pue 1.5, $0.2/kWh, staff
// $120,000 x 0.1 FTE (build) and 0.05 (cloud), maintenance 10 %, facility $100, storage $50, egress $25, life 4
// years to 20 %.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/report/report.hpp"
#include "temp_file.hpp"
#include "test_support.hpp"

using namespace gpucost;
using gpucost::test::read_file;
using gpucost::test::run_gpucost;
using gpucost::test::test_path;
using json = nlohmann::json;

namespace {

const std::string k_mini = "data/mini_catalog.json";

json checks_of(const test::RunResult& r) { return json::parse(gpucost::test::json_flattened(r.out)).at("checks"); }

const json& check_named(const json& checks, const std::string& name) {
    for (const json& c : checks)
        if (c.at("name") == name) return c;
    FAIL("no check " << name);
    return checks;
}

// The mini catalogue with some sources marked as estimates, written to a temporary file.
class EstimatedCatalog {
public:
    EstimatedCatalog()
        : m_path((m_folder.path / "estimates.json").string()) {
        json c = json::parse(read_file(test_path(k_mini)));
        c["assumptions"]["sources"]["staff_fte_build"] = "ESTIMATE: fixture";
        c["assumptions"]["sources"]["residual_value"] = "an estimate (fixture)";
        std::ofstream(m_path, std::ios::binary) << c.dump(2);
    }
    EstimatedCatalog(const EstimatedCatalog&) = delete;
    EstimatedCatalog& operator=(const EstimatedCatalog&) = delete;
    const std::string& path() const { return m_path; }

private:
    gpucost::test::TempDir m_folder{"v2-estimates"};
    std::string m_path;
};

}  // namespace

TEST_CASE("v2 gates: --max-monthly-usd is the cheaper side's dearest month, --max-upfront-usd the purchase", "[v2]") {
    // Owning is cheaper. Its month: power (3,000 W x 365 h + 400 W x 365 h = 1,241 kWh x 1.5 x $0.2 = $372.30) +
    // staff $1,000 + maintenance $50,000 x 10 % / 12 = $416.67 + facility $100 = $1,888.97. The old meaning (total
    // / months = $66,335.20 / 24 = $2,763.97) would fail a $2,000 limit on the month-24 resale's average.
    const auto r = run_gpucost({"check", "--catalog", k_mini, "--build", "box-a4", "--max-monthly-usd", "2000",
                                "--max-upfront-usd", "50000", "--format", "json"});
    CHECK(r.exit_code == 1);
    const json checks = checks_of(r);
    const json& monthly = check_named(checks, "max-monthly-usd");
    CHECK(monthly.at("value").get<double>() == Approx(372.3 + 1000 + 50000 * 0.1 / 12 + 100));
    CHECK(monthly.at("passed") == true);
    // Hardware 4 x $10,000 + $10,000 and setup $1,000, paid in month 0.
    const json& upfront = check_named(checks, "max-upfront-usd");
    CHECK(upfront.at("value").get<double>() == 51000.0);
    CHECK(upfront.at("passed") == false);
    CHECK(r.err.find("FAIL max-upfront-usd: 51000.00 > 50000.00") != std::string::npos);

    // A lead time of 3 months: months 1..3 bill staff $1,000 + interim cloud (4 x $3 x 365 h = $4,380 + $50 + $25)
    // = $5,455. Owning still wins: 51,000 + 21 x 372.3 + 24,000 + 21 x 416.67 + 21 x 100 + 3 x 4,455 - resale at
    // 21 months of age (50,000 x (1 - 0.8 x 1.75 / 4) = 32,500) = 74,533.30 against the cloud's 118,920.
    const auto late = run_gpucost({"check", "--catalog", k_mini, "--build", "box-a4", "--lead-time-months", "3",
                                   "--max-monthly-usd", "5000", "--format", "json"});
    CHECK(late.exit_code == 1);
    const json report = json::parse(gpucost::test::json_flattened(late.out));
    const json& c = report.at("comparisons").at(0);
    CHECK(c.at("build").at("total_usd").get<double>() == Approx(74533.3));
    CHECK(c.at("build").at("breakdown_usd").at("interim_cloud").get<double>() == Approx(3 * 4455.0));
    CHECK(check_named(checks_of(late), "max-monthly-usd").at("value").get<double>() == Approx(5455.0));
}

TEST_CASE("v2 report: the verdict without resale and the estimated assumptions that turn it", "[v2]") {
    const EstimatedCatalog file;
    // At 40 h/week (u = 173.81 h): build 51,000 + power 24 x $223.17 (743.90 kWh x 0.3) + 24,000 + 10,000 + 2,400
    // - 30,000 = $62,756.11; cloud 4 x $3 x 173.81 x 24 = 50,057.14 + 1,200 + 600 + 12,000 = $63,857.14.
    const auto r = run_gpucost(
        {"compare", "--catalog", file.path(), "--build", "box-a4", "--hours-per-week", "40", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const json c = json::parse(gpucost::test::json_flattened(r.out)).at("comparisons").at(0);
    CHECK(c.at("cheaper") == "build");
    CHECK(c.at("savings_usd").get<double>() == Approx(63857.14 - 62756.11).margin(0.01));
    // Without the $30,000 credit: 92,756.11 against 63,857.14, renting saves 28,898.97.
    CHECK(c.at("without_resale").at("cheaper") == "cloud");
    CHECK(c.at("without_resale").at("savings_usd").get<double>() == Approx(92756.11 - 63857.14).margin(0.01));
    CHECK(c.at("estimated_assumptions") == json({"staff_fte_build", "residual_value"}));
    // staff_fte_build: at 0.05 owning still wins; at 0.15 the build's staff is 12,000 dearer: renting wins.
    // residual_value: at 0.1 the resale is 50,000 x (1 - 0.9 x 0.5) = 27,500, 2,500 less: renting wins.
    CHECK(c.at("deciding_assumptions") ==
          json::parse(R"([{"assumption": "staff_fte_build", "value": 0.1, "tried": 0.15, "cheaper": "cloud"},
                          {"assumption": "residual_value", "value": 0.2, "tried": 0.1, "cheaper": "cloud"}])"));

    const auto table =
        run_gpucost({"compare", "--catalog", file.path(), "--build", "box-a4", "--hours-per-week", "40", "--wide"});
    REQUIRE(table.exit_code == 0);
    CHECK(table.out.find("  Without resale: renting saves $28,899, so the resale credit decides the verdict.\n") !=
          std::string::npos);
    CHECK(table.out.find("The verdict rests on estimates: at staff_fte_build 0.15 (not 0.1) renting is cheaper; at "
                         "residual_value 0.1 (not 0.2) renting is cheaper.") != std::string::npos);

    // The fixture's own sources are no estimates: nothing to name, and the sentence is left out.
    const auto plain = run_gpucost({"compare", "--catalog", k_mini, "--build", "box-a4", "--format", "json"});
    const json p = json::parse(gpucost::test::json_flattened(plain.out)).at("comparisons").at(0);
    CHECK(p.at("estimated_assumptions").empty());
    CHECK(p.at("deciding_assumptions").empty());
}

// compare's ranked plain table asks for no trials (ComparisonRequest::verdict_trials): the one thing that may change
// is what it does not show.
TEST_CASE("verdict_trials: without them no assumption is named, and the ranked table is the same", "[v2]") {
    const Catalog catalog = load_embedded_catalog();
    ComparisonRequest request;
    request.flags.origin = "flag";
    request.flags.set(AssumptionKey::hours_per_week, 40.0);
    const Report tried = build_report(catalog, request);
    request.verdict_trials = false;
    const Report untried = build_report(catalog, request);
    REQUIRE(tried.comparisons.size() == untried.comparisons.size());
    std::size_t deciding = 0;
    for (std::size_t i = 0; i < tried.comparisons.size(); ++i) {
        const VerdictReading& with = tried.comparisons[i].reading;
        const VerdictReading& without = untried.comparisons[i].reading;
        deciding += with.deciding.size();
        CHECK_FALSE(with.estimated.empty());  // the shipped sources mark staff_fte_build and others as estimates
        CHECK(without.estimated.empty());
        CHECK(without.deciding.empty());
        CHECK(without.cheaper_without_resale == with.cheaper_without_resale);
        CHECK(without.savings_without_resale_usd == with.savings_without_resale_usd);
    }
    CHECK(deciding > 0);  // rig-4x-rtx3090-budget's, for one: staff_fte_build at 0.075 (not 0.05) turns it
    for (const bool wide : {false, true}) {
        RenderOptions options;
        options.wide = wide;
        CHECK(render_table(untried, options) == render_table(tried, options));
    }
}

// compare's ranked plain table asks for no comparison details (ComparisonRequest::comparison_details): what it
// leaves out is what that table does not show.
TEST_CASE("comparison_details: without them no usage range, tier rows, choice or estimate notes, the same table",
          "[v2]") {
    const Catalog catalog = load_embedded_catalog();
    ComparisonRequest request;
    request.flags.origin = "flag";
    request.flags.set(AssumptionKey::hours_per_week, 40.0);
    request.verdict_trials = false;
    const Report detailed = build_report(catalog, request);
    request.comparison_details = false;
    const Report plain = build_report(catalog, request);
    REQUIRE(detailed.comparisons.size() == plain.comparisons.size());
    std::size_t marked = 0;
    for (std::size_t i = 0; i < plain.comparisons.size(); ++i) {
        const Comparison& with = detailed.comparisons[i];
        const Comparison& without = plain.comparisons[i];
        CHECK(with.build.id == without.build.id);
        CHECK(with.usage_range.build_at_168_usd > 0.0);
        CHECK(without.usage_range.build_at_168_usd == 0.0);
        CHECK_FALSE(with.offer_choice.empty());
        CHECK(without.offer_choice.empty());
        CHECK(without.tier_offers.empty());
        CHECK(without.result.build.total_usd == with.result.build.total_usd);
        // The estimates stay, by which the table marks a build, but without their notes: "GPU x is an estimate".
        marked += with.estimates.size();
        CHECK(without.estimate_ids == with.estimate_ids);
        REQUIRE(without.estimates.size() == with.estimates.size());
        for (std::size_t e = 0; e < with.estimates.size(); ++e)
            CHECK(with.estimates[e].starts_with(without.estimates[e] + ": "));
    }
    CHECK(marked > 0);  // the shipped catalogue marks figures as estimates
    for (const bool wide : {false, true}) {
        RenderOptions options;
        options.wide = wide;
        CHECK(render_table(plain, options) == render_table(detailed, options));
    }
}

TEST_CASE("v2 report: both paybacks in JSON, CSV and the table", "[v2]") {
    const auto r = run_gpucost({"compare", "--catalog", k_mini, "--build", "box-a4", "--format", "json"});
    const json c = json::parse(gpucost::test::json_flattened(r.out)).at("comparisons").at(0);
    // Cash: month 17 (v1). If sold: month 1 already: the straight line credits 50,000 x (1 - 0.8 x (1/12) / 4) =
    // $49,166.67 back, so 51,000 + 1,888.97 - 49,166.67 = $3,722.30 against the cloud's first month, 4 x $3 x 365 +
    // 50 + 25 + 500 = $4,955.
    CHECK(c.at("break_even").at("payback_month") == 17);
    CHECK(c.at("break_even").at("payback_month_if_sold") == 1);
    const auto table = run_gpucost({"compare", "--catalog", k_mini, "--build", "box-a4"});
    CHECK(table.out.find("  Payback: month 17 of 24 in cash; month 1 if the machine is sold then.\n") !=
          std::string::npos);
    const auto csv = run_gpucost({"compare", "--catalog", k_mini, "--build", "box-a4", "--format", "csv"});
    const std::string header = csv.out.substr(0, csv.out.find('\n'));
    CHECK(header.find(",estimates,build_interim_cloud_usd,payback_month_if_sold,cheaper_without_resale,"
                      "savings_without_resale_usd,") != std::string::npos);  // model v2's four, then issue 12's
    // Those four cells: no interim cloud, payback 1 if sold, owning cheaper even without resale by
    // 118,920 - (66,335.20 + 30,000) = 22,584.80.
    const auto split = [](const std::string& line) {
        std::vector<std::string> cells;
        for (std::size_t at = 0, comma = 0; comma != std::string::npos; at = comma + 1) {
            comma = line.find(',', at);
            cells.push_back(line.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
        }
        return cells;
    };
    std::string row = csv.out.substr(csv.out.find('\n') + 1);
    row.pop_back();  // the line end
    const std::vector<std::string> names = split(header);
    const std::vector<std::string> cells = split(row);
    REQUIRE(cells.size() == names.size());
    const auto cell = [&](const std::string& name) {
        const auto at = std::find(names.begin(), names.end(), name);
        REQUIRE(at != names.end());
        return cells[static_cast<std::size_t>(at - names.begin())];
    };
    CHECK(cell("build_interim_cloud_usd") == "0");
    CHECK(cell("payback_month_if_sold") == "1");
    CHECK(cell("cheaper_without_resale") == "build");
    CHECK(std::stod(cell("savings_without_resale_usd")) == Approx(22584.8));
}

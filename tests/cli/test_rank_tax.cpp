// `rank` with a tax rate (issue 24): builds and offers are ranked after tax, each with its figures before tax beside
// them in every format. The fixture is tests/data/match_catalog.json's llm-infer ranking.
#include <map>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using gpucost::test::run_gpucost;
using Json = nlohmann::json;

namespace {

std::string ranked(std::vector<std::string> extra) {
    std::vector<std::string> args = {"rank", "--catalog", "data/match_catalog.json", "--workload", "llm-infer"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run_gpucost(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    return r.out;
}

Json rows(std::vector<std::string> extra) {
    extra.insert(extra.end(), {"--format", "json"});
    return Json::parse(ranked(extra))["rank"]["rows"];
}

}  // namespace

TEST_CASE("rank with a tax rate: offers after tax like builds, the pre-tax figures beside, in rank order") {
    const Json plain = rows({});
    const Json taxed = rows({"--tax-rate", "0.21"});
    REQUIRE(taxed.size() == plain.size());
    std::map<std::string, Json> before;
    for (const Json& r : plain) {
        CHECK_FALSE(r.contains("pre_tax_total_usd"));  // no tax: the rows are what they were
        before[r["id"].get<std::string>()] = r;
    }
    double last = 0.0;
    int offers = 0;
    int builds = 0;
    for (const Json& r : taxed) {
        const Json& was = before.at(r["id"].get<std::string>());
        // Before tax is the run without tax, to rounding.
        CHECK(r["pre_tax_total_usd"].get<double>() == Approx(was["total_usd"].get<double>()).epsilon(1e-12));
        CHECK(r["pre_tax_usd_per_million_units"].get<double>() ==
              Approx(was["usd_per_million_units"].get<double>()).epsilon(1e-12));
        const double total = r["total_usd"].get<double>();
        if (r["kind"] == "cloud") {
            // A rental is deducted as it is paid (month timing): after tax = (1 - 0.21) x before = 0.79 x before.
            CHECK(total == Approx(0.79 * was["total_usd"].get<double>()).epsilon(1e-12));
            ++offers;
        } else {
            // Owning saves tax too, but not 21 % of everything: the resale is taxed back and depreciation comes later.
            CHECK(total < was["total_usd"].get<double>());
            CHECK(total > 0.79 * was["total_usd"].get<double>() - 1.0);
            ++builds;
        }
        // Ranked by the after-tax figure.
        const double figure = r["usd_per_million_units"].get<double>();
        CHECK(figure >= last);
        last = figure;
    }
    CHECK(offers > 0);
    CHECK(builds > 0);
}

TEST_CASE("rank with a tax rate: the CSV's last two columns and the table's before-tax column") {
    const std::string csv = ranked({"--tax-rate", "0.21", "--format", "csv"});
    const std::string header = csv.substr(0, csv.find('\n'));
    CHECK_THAT(header, EndsWith(",estimate,pre_tax_total_usd,pre_tax_usd_per_million_units"));
    CHECK_THAT(ranked({"--format", "csv"}).substr(0, header.size()), !Contains("pre_tax"));
    const std::string text = ranked({"--tax-rate", "0.21", "--wide"});
    CHECK_THAT(text, Contains("before tax"));
    CHECK_THAT(text, Contains("Ranked after tax at 21 %: \"before tax\" is each row's cost per M tokens"));
    CHECK_THAT(ranked({"--tax-rate", "0.21", "--format", "markdown"}), Contains("| before tax |"));
    CHECK_THAT(ranked({"--tax-rate", "0.21", "--format", "html"}), Contains(">before tax<"));
    CHECK_THAT(ranked({}), !Contains("before tax"));
}

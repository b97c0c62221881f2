// The per-token API beside compare's verdict (issue 20), on tests/data/api_catalog.json at 168 h/week for 10 months
// and no discounting, so a month has 730 used hours and a total is 10 months of the same amount. build duo-c holds
// 2 x gpu-c; workload chat gives gpu-c 100 tokens/s and bills 2 prompt tokens for each generated one:
//   generated tokens a used hour = 2 GPUs x 100 tokens/s x 3,600 s = 720,000; a month = 720,000 x 730 = 525,600,000.
//   api-a ($0.10 in, $0.20 out per million): 0.72 x (0.20 + 2 x 0.10) = $0.288 an hour; x 730 = $210.24 a month;
//     x 10 = $2,102.40.
//   api-b ($0.05 in, $0.50 out, signs a HIPAA BAA): 0.72 x (0.50 + 2 x 0.05) = $0.432; $315.36 a month; $3,153.60.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "test_support.hpp"

using gpucost::test::check_golden;
using gpucost::test::run_gpucost;
using gpucost::test::run_ok;
using Json = nlohmann::json;
using Catch::Matchers::Contains;

namespace {

std::vector<std::string> on_fixture(std::vector<std::string> extra) {
    std::vector<std::string> args = {
        "compare",  "--catalog", "data/api_catalog.json", "--build", "duo-c", "--hours-per-week", "168",
        "--months", "10",        "--discount-rate",       "0"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

Json comparison_of(std::vector<std::string> extra) {
    extra.insert(extra.end(), {"--format", "json"});
    return Json::parse(gpucost::test::json_flattened(run_ok(on_fixture(extra)).out))["comparisons"][0];
}

}  // namespace

TEST_CASE("compare --workload prices the same work through the cheapest API of the workload's model") {
    const Json c = comparison_of({"--workload", "chat"});
    REQUIRE(c.contains("api"));
    const Json& api = c["api"];
    CHECK(api["api_offer_id"] == "api-a");  // $2,102.40 beats api-b's $3,153.60; api-big serves another model
    CHECK(api["provider"] == "FixtureAPI");
    CHECK(api["model"] == "m-8b");
    CHECK(api["api_model"] == "m8b-a");
    CHECK(api["usd_per_million_input_tokens"] == 0.10);
    CHECK(api["usd_per_million_output_tokens"] == 0.20);
    CHECK(api["input_tokens_per_output_token"] == 2.0);
    CHECK(api["output_tokens_per_month"].get<double>() == Approx(525'600'000.0));
    CHECK(api["usd_per_month"].get<double>() == Approx(210.24));
    CHECK(api["total_usd"].get<double>() == Approx(2102.40));
    CHECK(api["candidates"] == 2);
    CHECK(api["source"] == "fixture");
    CHECK(api["as_of"] == "2026-11-01");
}

TEST_CASE("compare --require keeps only API offers that attest the attribute") {
    const Json api = comparison_of({"--workload", "chat", "--require", "hipaa-baa"})["api"];
    CHECK(api["api_offer_id"] == "api-b");
    CHECK(api["usd_per_month"].get<double>() == Approx(315.36));
    CHECK(api["total_usd"].get<double>() == Approx(3153.60));
    CHECK(api["candidates"] == 1);
}

TEST_CASE("compare has no API figure without a workload or when no API serves the workload's model") {
    CHECK_FALSE(comparison_of({}).contains("api"));
    CHECK_FALSE(comparison_of({"--workload", "plain"}).contains("api"));
    const std::string text = run_ok(on_fixture({"--workload", "plain"})).out;
    CHECK_THAT(text, !Contains("Through an API"));
}

TEST_CASE("compare's API figure in the table, markdown and CSV") {
    check_golden("compare_api_duo_c.txt", run_ok(on_fixture({"--workload", "chat"})).out);
    check_golden("compare_api_duo_c.md", run_ok(on_fixture({"--workload", "chat", "--format", "markdown"})).out);
    const std::string csv = run_ok(on_fixture({"--workload", "chat", "--format", "csv"})).out;
    const std::string header = csv.substr(0, csv.find('\n'));
    CHECK_THAT(header, Contains(",api_offer_id,api_usd_per_month,api_total_usd"));
    // The last three cells of the row, at full precision: 0.72 x 0.40 x 730 and ten times that.
    const std::string row = csv.substr(csv.find('\n') + 1);
    const std::string tail = row.substr(row.find(",api-a,") + 7);
    CHECK(std::stod(tail.substr(0, tail.find(','))) == Approx(210.24));
    CHECK(std::stod(tail.substr(tail.find(',') + 1)) == Approx(2102.40));
    const std::string html = run_ok(on_fixture({"--workload", "chat", "--format", "html"})).out;
    CHECK_THAT(html, Contains("Through an API: FixtureAPI m8b-a (m-8b)"));
}

TEST_CASE("catalog validate counts api offers, and refuses an API price of zero with one line, exit 3") {
    CHECK(run_ok({"catalog", "validate", "data/api_catalog.json"}).out ==
          "OK: data/api_catalog.json: 1 GPUs, 1 builds, 1 cloud offers, 3 API offers, 49 assumptions; 0 warnings\n");
    const auto r = run_gpucost({"catalog", "validate", "data/bad/api_zero_price.json"});
    CHECK(r.exit_code == 3);
    CHECK(r.out.empty());
    CHECK(r.err ==
          "gpucost: error: data/bad/api_zero_price.json: /api_offers/0/usd_per_million_output_tokens: must be in (0, "
          "10000] USD per million tokens, got 0\n"
          "gpucost: error: data/bad/api_zero_price.json: not valid: 1 error, 0 warnings\n");
}

TEST_CASE("shipped: an office's two RTX 4090s on Llama 3 8B against AWS Bedrock's Llama 3 8B Instruct") {
    const auto r = run_ok({"compare", "--build", "office-2x-rtx4090", "--workload", "llm-8b-chat-llamacpp",
                           "--hours-per-week", "40", "--format", "json"});
    const Json api = Json::parse(gpucost::test::json_flattened(r.out))["comparisons"][0]["api"];
    const gpucost::Catalog shipped = gpucost::load_embedded_catalog();
    const double t_b = *shipped.find_workload("llm-8b-chat-llamacpp")->throughput("rtx-4090");
    // 2 GPUs x T_b x 3,600 s x 40 h x 730 / 168 used hours: with T_b 127.74, 919,728 x 173.81 = 159.86 M tokens a
    // month; x $0.60 per million output tokens (no prompt tokens: the workload counts generated ones) = $95.91.
    const double tokens = 2.0 * t_b * 3600.0 * 40.0 * 730.0 / 168.0;
    CHECK(api["api_offer_id"] == "aws-bedrock-llama3-8b-instruct");
    CHECK(api["output_tokens_per_month"].get<double>() == Approx(tokens));
    CHECK(api["usd_per_month"].get<double>() == Approx(tokens / 1e6 * 0.60));
    CHECK(api["input_tokens_per_output_token"] == 0.0);
}

namespace {

// The fixture's comparison at discount rate `rate` with `extra` flags.
Json api_at(const char* rate, std::vector<std::string> extra) {
    std::vector<std::string> args = {"compare",
                                     "--catalog",
                                     "data/api_catalog.json",
                                     "--build",
                                     "duo-c",
                                     "--hours-per-week",
                                     "168",
                                     "--months",
                                     "10",
                                     "--discount-rate",
                                     rate,
                                     "--workload",
                                     "chat",
                                     "--format",
                                     "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    return Json::parse(gpucost::test::json_flattened(run_ok(args).out))["comparisons"][0]["api"];
}

}  // namespace

TEST_CASE("with a tax rate the API's figure is after tax, as the owned and rented totals are (deducted as paid)") {
    // At r = 0 a deduction is worth its amount whenever it lands: $2,102.40 x (1 - 0.21) = $1,660.896, in the month
    // or at the tax year's end alike.
    CHECK(api_at("0", {"--tax-rate", "0.21"})["total_usd"].get<double>() == Approx(1660.896).epsilon(1e-12));
    CHECK(api_at("0", {"--tax-rate", "0.21", "--tax-timing", "year-end"})["total_usd"].get<double>() ==
          Approx(1660.896).epsilon(1e-12));
    // At 12 % a year a deduction moved to month 10 (the horizon's end) is worth less than one taken as paid, so the
    // API costs more after tax at the year's end than in the month; both below the pre-tax figure.
    const double before = api_at("0.12", {})["total_usd"].get<double>();
    const double month = api_at("0.12", {"--tax-rate", "0.21"})["total_usd"].get<double>();
    const double year_end =
        api_at("0.12", {"--tax-rate", "0.21", "--tax-timing", "year-end"})["total_usd"].get<double>();
    CHECK(month == Approx(before * 0.79).epsilon(1e-12));
    CHECK(year_end > month);
    CHECK(year_end < before);
}

TEST_CASE("rank with a tax rate ranks an API after tax, its price before tax beside it") {
    // Per million generated tokens: api-a 0.20 + 2 x 0.10 = $0.40, after tax x 0.79 = $0.316; api-b 0.50 + 2 x 0.05
    // = $0.60, after tax $0.474.
    const auto r = run_ok({"rank", "--catalog", "data/api_catalog.json", "--workload", "chat", "--hours-per-week",
                           "168", "--months", "10", "--discount-rate", "0", "--tax-rate", "0.21", "--format", "json"});
    const Json rows = Json::parse(r.out)["rank"]["rows"];
    int apis = 0;
    for (const Json& row : rows) {
        if (row["kind"] != "api") continue;
        ++apis;
        const double pre = row["id"] == "api-a" ? 0.40 : 0.60;
        CHECK(row["pre_tax_usd_per_million_units"].get<double>() == Approx(pre));
        CHECK(row["usd_per_million_units"].get<double>() == Approx(pre * 0.79));
    }
    CHECK(apis == 2);
}

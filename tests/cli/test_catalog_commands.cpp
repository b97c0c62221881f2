// gpucost catalog list|show|validate, --add-catalog overlays, --max-age-days, compare's --region/--provider,
// and the CSV estimates column: goldens for what users see, hand-checked values for what they rely on.
// Runs in-process from the tests/ folder on the fixture catalogue (tests/data/mini_catalog.json).
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/report/freshness.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/date.hpp"
#include "test_support.hpp"

using Catch::Matchers::Contains;
using gpucost::test::check_golden;
using gpucost::test::run_gpucost;
using gpucost::test::run_ok;
using Json = nlohmann::json;

namespace {

const std::string k_mini = "data/mini_catalog.json";

std::vector<std::string> with_mini(std::vector<std::string> args) {
    args.push_back("--catalog");
    args.push_back(k_mini);
    return args;
}

// Pins today's date for the ages `catalog show` and --max-age-days compute; restores the environment after.
class TodayIs {
public:
    explicit TodayIs(const char* date)
        : m_env("GPUCOST_TODAY", date) {}

private:
    gpucost::test::ScopedEnv m_env;
};

// The body of a JSON output: its last key, after the envelope (docs/output.md, "The JSON envelope").
Json body(const std::string& text) { return Json::parse(gpucost::test::json_body(text)); }

std::vector<std::string> ids_in(const Json& list) {
    std::vector<std::string> ids;
    for (const Json& e : list) ids.push_back(e.at("id").get<std::string>());
    return ids;
}

}  // namespace

// ---- catalog list ----

TEST_CASE("catalog list: every section, table, JSON and CSV goldens") {
    check_golden("catalog_list_all.txt", run_ok(with_mini({"catalog", "list"})).out);
    check_golden("catalog_list_all.json", run_ok(with_mini({"catalog", "list", "--format", "json"})).out);
    check_golden("catalog_list_all.csv", run_ok(with_mini({"catalog", "list", "--format", "csv"})).out);
    check_golden("catalog_list_all.tsv", run_ok(with_mini({"catalog", "list", "--format", "tsv"})).out);
    check_golden("catalog_list_all.md", run_ok(with_mini({"catalog", "list", "--format", "markdown"})).out);
    check_golden("catalog_list_all.html", run_ok(with_mini({"catalog", "list", "--format", "html"})).out);
}

TEST_CASE("catalog list workloads: by id, each GPU's figure highest first, in every format") {
    const std::vector<std::string> list = {"catalog", "list", "workloads", "--catalog", "data/match_catalog.json"};
    const auto with = [&list](std::vector<std::string> more) {
        std::vector<std::string> args = list;
        args.insert(args.end(), more.begin(), more.end());
        return args;
    };
    check_golden("catalog_list_workloads.txt", run_ok(list).out);
    check_golden("catalog_list_workloads.csv", run_ok(with({"--format", "csv"})).out);
    // fp64-hpc before llm-infer; llm-infer's figures 3000 (gpu-h) > 1200 (gpu-p) > 1000 (gpu-c).
    const Json j = body(run_ok(with({"--format", "json"})).out);
    CHECK(ids_in(j.at("workloads")) == std::vector<std::string>{"fp64-hpc", "llm-infer"});
    const auto per_gpu = [](const std::string& out,
                            std::size_t i) {  // in the order written (nlohmann::json sorts keys)
        return nlohmann::ordered_json::parse(out).at("listing").at("workloads").at(i).at("per_gpu").dump();
    };
    CHECK(per_gpu(run_ok(with({"--format", "json"})).out, 1) == R"({"gpu-h":3000.0,"gpu-p":1200.0,"gpu-c":1000.0})");
    CHECK(j.at("workloads").at(1).at("unit") == "tokens/s");
    CHECK(!j.contains("gpus"));
    // The GPU filters keep a workload's figures for the GPUs they keep: gpu-c (24 GB) is only in llm-infer.
    const std::string c = run_ok(with({"--gpu", "gpu-c", "--format", "json"})).out;
    CHECK(ids_in(body(c).at("workloads")) == std::vector<std::string>{"llm-infer"});
    CHECK(per_gpu(c, 0) == R"({"gpu-c":1000.0})");
    // At least 48 GB: gpu-h (80) and gpu-p (48); gpu-c's figure goes.
    CHECK(per_gpu(run_ok(with({"--min-vram-gb", "48", "--format", "json"})).out, 1) ==
          R"({"gpu-h":3000.0,"gpu-p":1200.0})");
    // Not in the default listing, whose sections and CSV rows stay the first three.
    CHECK(!body(run_ok({"catalog", "list", "--catalog", "data/match_catalog.json", "--format", "json"}).out)
               .contains("workloads"));
    const auto bad = run_gpucost({"catalog", "list", "workload"});
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.err, Contains("section must be one of gpus, builds, cloud, workloads, got \"workload\"") &&
                            Contains("did you mean \"workloads\""));
}

TEST_CASE("catalog show WORKLOAD_ID: the workload alone, as catalog list workloads lists it (issue 21)") {
    // It said "unknown catalogue entry" for an id that `catalog list workloads` lists.
    const auto shown =
        run_ok({"catalog", "show", "llm-infer", "--catalog", "data/match_catalog.json", "--format", "json"});
    const Json j = body(shown.out);
    CHECK(ids_in(j.at("workloads")) == std::vector<std::string>{"llm-infer"});  // fp64-hpc left out
    CHECK(j.at("workloads").at(0).at("unit") == "tokens/s");
    CHECK(!j.contains("gpus"));
    const std::string table = run_ok({"catalog", "show", "fp64-hpc", "--catalog", "data/match_catalog.json"}).out;
    CHECK(table.find("fp64-hpc") != std::string::npos);
    CHECK(table.find("llm-infer") == std::string::npos);
    // An id that is neither an entry nor a workload is still unknown.
    const auto bad = run_gpucost({"catalog", "show", "llm-infr", "--catalog", "data/match_catalog.json"});
    CHECK(bad.exit_code == 3);
    CHECK_THAT(bad.err, Contains("unknown catalogue entry \"llm-infr\""));
}

TEST_CASE("catalog list cloud: sorted by price per GPU-hour at the chosen pricing") {
    // on-demand per GPU-hour: b-1 0.5 / 1 = 0.5; cheap-a8 16 / 8 = 2; pricey-a1 3 / 1 = 3.
    const Json od = body(run_ok(with_mini({"catalog", "list", "cloud", "--format", "json"})).out);
    CHECK(ids_in(od.at("cloud")) == std::vector<std::string>{"b-1", "cheap-a8", "pricey-a1"});
    CHECK(od.at("cloud").at(1).at("usd_per_gpu_hour").get<double>() == 2.0);
    CHECK_FALSE(od.contains("gpus"));

    // spot: b-1 0.3; cheap-a8 8 / 8 = 1; pricey-a1 has no spot price and is left out.
    const auto spot = run_ok(with_mini({"catalog", "list", "cloud", "--pricing", "spot"}));
    check_golden("catalog_list_cloud_spot.txt", spot.out);
    const Json spot_json = body(run_ok(with_mini({"catalog", "list", "--pricing", "spot", "--format", "json"})).out);
    CHECK(ids_in(spot_json.at("cloud")) == std::vector<std::string>{"b-1", "cheap-a8"});
    CHECK(spot_json.at("cloud").at(1).at("usd_per_gpu_hour").get<double>() == 1.0);
    CHECK_FALSE(spot_json.contains("gpus"));  // --pricing concerns offers only

    // reserved-1y: only cheap-a8 has one (12 / 8 = 1.5).
    const Json reserved =
        body(run_ok(with_mini({"catalog", "list", "cloud", "--pricing", "reserved-1y", "--format", "json"})).out);
    CHECK(ids_in(reserved.at("cloud")) == std::vector<std::string>{"cheap-a8"});
    CHECK(reserved.at("cloud").at(0).at("usd_per_gpu_hour").get<double>() == 1.5);
}

TEST_CASE("catalog list: gpus by vendor and name, builds by GPU count then id") {
    const Json all = body(run_ok(with_mini({"catalog", "list", "--format", "json"})).out);
    CHECK(ids_in(all.at("gpus")) == std::vector<std::string>{"gpu-a", "gpu-b"});
    CHECK(ids_in(all.at("builds")) == std::vector<std::string>{"box-b2", "box-a4"});  // 2 GPUs before 4
}

TEST_CASE("catalog list: filters") {
    const auto ids = [](const std::vector<std::string>& args, const char* section) {
        std::vector<std::string> full = with_mini(args);
        full.insert(full.end(), {"--format", "json"});
        const auto r = run_gpucost(full);
        INFO("stderr: " << r.err);
        REQUIRE(r.exit_code == 0);
        return ids_in(body(r.out).at(section));
    };
    using V = std::vector<std::string>;
    // --gpu: the GPU, the builds holding it, the offers renting it.
    CHECK(ids({"catalog", "list", "--gpu", "gpu-a"}, "gpus") == V{"gpu-a"});
    CHECK(ids({"catalog", "list", "--gpu", "gpu-a"}, "builds") == V{"box-a4"});
    CHECK(ids({"catalog", "list", "--gpu", "gpu-a"}, "cloud") == V{"cheap-a8", "pricey-a1"});
    // --provider is case-insensitive.
    CHECK(ids({"catalog", "list", "cloud", "--provider", "cloudtwo"}, "cloud") == V{"b-1", "pricey-a1"});
    CHECK(ids({"catalog", "list", "--provider", "CLOUDONE"}, "cloud") == V{"cheap-a8"});
    CHECK(ids({"catalog", "list", "cloud", "--region", "R1"}, "cloud") == V{"cheap-a8"});
    // --min-vram-gb: gpu-a has 80 GB, gpu-b 24 GB.
    CHECK(ids({"catalog", "list", "--min-vram-gb", "50"}, "gpus") == V{"gpu-a"});
    CHECK(ids({"catalog", "list", "--min-vram-gb", "50"}, "builds") == V{"box-a4"});
    CHECK(ids({"catalog", "list", "--min-vram-gb", "24"}, "gpus") == V{"gpu-a", "gpu-b"});  // at least, inclusive
    CHECK(ids({"catalog", "list", "cloud", "--region", "nowhere"}, "cloud").empty());
}

TEST_CASE("catalog list: bad filters") {
    const auto unknown_gpu = run_gpucost(with_mini({"catalog", "list", "--gpu", "gpu-x"}));
    CHECK(unknown_gpu.exit_code == 3);
    CHECK(unknown_gpu.out.empty());
    CHECK_THAT(unknown_gpu.err, Contains("unknown GPU \"gpu-x\" (did you mean \"gpu-a\"?)"));
    CHECK(run_gpucost(with_mini({"catalog", "list", "gpu"})).exit_code == 2);
    CHECK(run_gpucost(with_mini({"catalog", "list", "--pricing", "reserved"})).exit_code == 2);
    CHECK(run_gpucost(with_mini({"catalog", "list", "--min-vram-gb", "lots"})).exit_code == 2);
    CHECK(run_gpucost(with_mini({"catalog", "list", "gpus", "--provider", "x"})).exit_code == 2);
    check_golden("catalog_error_unknown_subcommand.txt", run_gpucost({"catalog", "lst"}).err);
}

TEST_CASE("catalog help texts") {
    check_golden("catalog_help.txt", run_ok({"catalog", "--help"}).out);
    check_golden("catalog_help_list.txt", run_ok({"catalog", "list", "--help"}).out);
    check_golden("catalog_help_import.txt", run_ok({"catalog", "import", "--help"}).out);
}

TEST_CASE("catalog list: the shipped catalogue lists in every format") {
    for (const char* format : {"table", "json", "csv"}) {
        const auto r = run_ok({"catalog", "list", "--format", format});
        CHECK(!r.out.empty());
        CHECK(r.err.empty());
    }
    const Json all = body(run_ok({"catalog", "list", "--format", "json"}).out);
    // Cloud offers are sorted by on-demand price per GPU-hour; unpriced ones come last.
    double previous = 0;
    bool unpriced_seen = false;
    for (const Json& o : all.at("cloud")) {
        if (o.at("usd_per_gpu_hour").is_null()) {
            unpriced_seen = true;
            continue;
        }
        CHECK_FALSE(unpriced_seen);
        CHECK(o.at("usd_per_gpu_hour").get<double>() >= previous);
        previous = o.at("usd_per_gpu_hour").get<double>();
    }
}

// ---- catalog show ----

TEST_CASE("catalog show: one entry whole, with its age on an injected today") {
    const TodayIs today("2026-11-30");
    // cheap-a8 is as of 2026-04-01: 30 (Apr) + 31 + 30 + 31 + 31 + 30 + 31 (May..Oct) + 29 (to Nov 30) = 243 days.
    check_golden("catalog_show_offer.txt", run_ok(with_mini({"catalog", "show", "cheap-a8"})).out);
    check_golden("catalog_show_offer.json", run_ok(with_mini({"catalog", "show", "cheap-a8", "--format", "json"})).out);
    check_golden("catalog_show_offer.csv", run_ok(with_mini({"catalog", "show", "cheap-a8", "--format", "csv"})).out);
    check_golden("catalog_show_offer.md",
                 run_ok(with_mini({"catalog", "show", "cheap-a8", "--format", "markdown"})).out);
    check_golden("catalog_show_offer.html", run_ok(with_mini({"catalog", "show", "cheap-a8", "--format", "html"})).out);
    check_golden("catalog_show_offer.tsv", run_ok(with_mini({"catalog", "show", "cheap-a8", "--format", "tsv"})).out);
    const Json offer = body(run_ok(with_mini({"catalog", "show", "cheap-a8", "--format", "json"})).out);
    CHECK(offer.at("age_days").get<int>() == 243);
    CHECK(offer.at("section") == "cloud");
    CHECK(offer.at("usd_per_gpu_hour").at("reserved-1y").get<double>() == 1.5);  // 12 / 8

    // gpu-b is as of "2025-06", read as 2025-06-01: 365 days to 2026-06-01, then 182 to 2026-11-30.
    const Json gpu = body(run_ok(with_mini({"catalog", "show", "gpu-b", "--format", "json"})).out);
    CHECK(gpu.at("age_days").get<int>() == 547);
    CHECK(gpu.at("confidence") == "estimate");
    CHECK(gpu.at("note") == "fixture estimate");
    check_golden("catalog_show_gpu.txt", run_ok(with_mini({"catalog", "show", "gpu-b"})).out);
    check_golden("catalog_show_build.txt", run_ok(with_mini({"catalog", "show", "box-b2"})).out);
}

namespace {

using Ordered = nlohmann::ordered_json;

// `value` under `key` as the (field, value) pairs `catalog show` writes: objects flattened with '.', lists joined
// with ", ", null as an empty value; numbers as nlohmann prints them (compared as numbers by the caller).
void flatten_json(const std::string& key, const Ordered& value, std::vector<std::pair<std::string, Ordered>>& out) {
    if (value.is_object() && !value.empty()) {
        for (const auto& [k, v] : value.items()) flatten_json(key + "." + k, v, out);
    } else if (value.is_array()) {
        std::string joined;
        for (const Ordered& v : value) joined += (joined.empty() ? "" : ", ") + v.get<std::string>();
        out.emplace_back(key, joined);
    } else {
        out.emplace_back(key, value);
    }
}

// The TSV of `catalog show ID` against its JSON body, field by field: the same fields in the same order, each with
// the same value (a number read back as a number, null as an empty cell), then catalog_source.
void check_show_matches_json(const std::vector<std::string>& args) {
    std::vector<std::string> tsv_args = args;
    tsv_args.insert(tsv_args.end(), {"--format", "tsv"});
    std::vector<std::string> json_args = args;
    json_args.insert(json_args.end(), {"--format", "json"});
    const Ordered j = Ordered::parse(gpucost::test::json_body(run_ok(json_args).out));  // in its order
    std::vector<std::pair<std::string, Ordered>> expected;
    for (const auto& [k, v] : j.items()) flatten_json(k, v, expected);
    std::vector<std::pair<std::string, std::string>> rows;
    std::istringstream lines(run_ok(tsv_args).out);
    for (std::string line; std::getline(lines, line);) {
        const std::size_t tab = line.find('\t');
        REQUIRE(tab != std::string::npos);
        rows.emplace_back(line.substr(0, tab), line.substr(tab + 1));
    }
    REQUIRE(rows.size() == expected.size() + 2);  // the header, then catalog_source last
    CHECK(rows.front() == std::pair<std::string, std::string>{"field", "value"});
    CHECK(rows.back().first == "catalog_source");
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto& [field, value] = rows[i + 1];
        INFO(args[2] << ": " << expected[i].first);
        CHECK(field == expected[i].first);
        if (expected[i].second.is_null())
            CHECK(value.empty());
        else if (expected[i].second.is_number())
            CHECK(std::stod(value) == expected[i].second.get<double>());
        else
            CHECK(value == expected[i].second.get<std::string>());
    }
}

}  // namespace

TEST_CASE("catalog show: every field of the JSON in the other formats too, in the JSON's order") {
    // The table, markdown, HTML, CSV and TSV showed an offer's hourly prices only: a monthly server's price, setup fee
    // and term, its storage price and its compliance, and a build's storage_tb and require, were in the JSON alone.
    const TodayIs today("2026-11-30");
    const std::vector<std::string> monthly = {"catalog", "show", "example-1x-rtx4090-monthly", "--add-catalog",
                                              "data/overlay/monthly_rental.json"};
    check_show_matches_json(monthly);
    const std::string table = run_ok(monthly).out;
    CHECK_THAT(table, Contains("usd_per_month:                 180\n"));
    CHECK_THAT(table, Contains("setup_fee_usd:                 90\n"));
    CHECK_THAT(table, Contains("min_term_months:               1\n"));
    const std::vector<std::string> compliant = {"catalog",
                                                "show",
                                                "h-8x-hyper",
                                                "--catalog",
                                                "data/match_catalog.json",
                                                "--add-catalog",
                                                "data/overlay/match_compliance.json"};
    check_show_matches_json(compliant);
    std::vector<std::string> markdown = compliant;
    markdown.insert(markdown.end(), {"--format", "markdown"});
    CHECK_THAT(run_ok(markdown).out, Contains("| compliance.attributes | hipaa-baa, soc2 |"));
    for (const char* id : {"cheap-a8", "gpu-b", "box-b2"}) check_show_matches_json(with_mini({"catalog", "show", id}));
}

TEST_CASE("catalog show: unknown id exits 3 with a suggestion, a bad GPUCOST_TODAY exits 2") {
    const auto r = run_gpucost(with_mini({"catalog", "show", "cheap-a9"}));
    CHECK(r.exit_code == 3);
    CHECK(r.out.empty());
    check_golden("catalog_error_show_unknown.txt", r.err);

    const TodayIs today("30/11/2026");
    const auto bad = run_gpucost(with_mini({"catalog", "show", "cheap-a8"}));
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.err, Contains("GPUCOST_TODAY: must be a date YYYY-MM-DD"));
}

// ---- catalog validate ----

TEST_CASE("catalog validate: OK summary with counts") {
    const auto mini = run_ok({"catalog", "validate", k_mini});
    CHECK(mini.out == "OK: data/mini_catalog.json: 2 GPUs, 2 builds, 3 cloud offers, 49 assumptions; 0 warnings\n");
    const auto embedded = run_ok({"catalog", "validate"});
    CHECK_THAT(embedded.out, Catch::Matchers::StartsWith("OK: embedded: "));
    const auto overlay = run_ok({"catalog", "validate", k_mini, "--add-catalog", "data/overlay/local_quote.json"});
    CHECK(overlay.out ==
          "OK: data/mini_catalog.json + data/overlay/local_quote.json: 2 GPUs, 2 builds, 4 cloud offers, "
          "49 assumptions; 0 warnings\n");
}

TEST_CASE("catalog validate: every problem at once with its JSON path, exit 3") {
    const auto r = run_gpucost({"catalog", "validate", "data/bad/many_problems.json"});
    CHECK(r.exit_code == 3);
    CHECK(r.out.empty());
    check_golden("catalog_validate_many_problems.txt", r.err);
}

TEST_CASE("catalog validate: an unknown key is a warning, not silence") {
    const auto r = run_ok({"catalog", "validate", k_mini, "--add-catalog", "data/overlay/misspelt_key.json"});
    CHECK_THAT(r.err, Contains("data/overlay/misspelt_key.json: /cloud/0/notes: unknown key"));
    CHECK_THAT(r.out, Contains("; 1 warning\n"));
}

// ---- --add-catalog ----

TEST_CASE("add-catalog overlays: a five-line local quote is compared like any offer") {
    // acme-a4: 4 GPUs of gpu-a at $6 an hour; box-a4 needs 4, so 1 instance (cheap-a8 would be 1 x $16).
    // 84 h/week x 730 / 168 = 365 h a month; compute = 6 x 365 x 24 = 52,560.
    const auto r = run_ok(with_mini(
        {"compare", "--add-catalog", "data/overlay/local_quote.json", "--build", "box-a4", "--format", "json"}));
    const Json report = Json::parse(r.out);
    const Json& cloud = report.at("report").at("comparisons").at(0).at("cloud");
    CHECK(cloud.at("id") == "acme-a4");
    CHECK(cloud.at("instances") == 1);
    CHECK(cloud.at("breakdown_usd").at("compute").get<double>() == Approx(52560.0));
    CHECK(report.at("catalog").at("source") == "data/mini_catalog.json + data/overlay/local_quote.json");
    check_golden(
        "catalog_add_local_quote.txt",
        run_ok(with_mini({"compare", "--add-catalog", "data/overlay/local_quote.json", "--build", "box-a4"})).out);
}

TEST_CASE("add-catalog overlays: same id replaces, later overlays win, assumptions override key by key") {
    const Json replaced = body(run_ok(with_mini({"catalog", "show", "cheap-a8", "--add-catalog",
                                                 "data/overlay/replace_and_assume.json", "--format", "json"}))
                                   .out);
    CHECK(replaced.at("usd_per_hour").at("on-demand").get<double>() == 20.0);
    CHECK(replaced.at("usd_per_hour").at("spot").is_null());  // the whole entry is replaced, not merged
    CHECK(replaced.at("source") == "CloudOne price page");

    const Json twice =
        body(run_ok(with_mini({"catalog", "show", "acme-a4", "--add-catalog", "data/overlay/local_quote.json",
                               "--add-catalog", "data/overlay/second_quote.json", "--format", "json"}))
                 .out);
    CHECK(twice.at("usd_per_hour").at("on-demand").get<double>() == 5.0);

    const Json report =
        Json::parse(run_ok(with_mini({"compare", "--add-catalog", "data/overlay/replace_and_assume.json", "--build",
                                      "box-a4", "--format", "json"}))
                        .out);
    CHECK(report.at("assumptions").at("hours_per_week").get<double>() == 40.0);  // from the overlay
    CHECK(report.at("assumptions").at("electricity_usd_per_kwh").get<double>() == 0.3);
    CHECK(report.at("assumptions").at("pue").get<double>() == 1.5);  // kept from the catalogue
    CHECK(report.at("assumption_sources").at("electricity_usd_per_kwh").at("source") == "our utility bill, Nov 2026");
    // No source given for hours_per_week: the overlay file is named instead.
    CHECK(report.at("assumption_sources").at("hours_per_week").at("source") == "data/overlay/replace_and_assume.json");
    // "from" names the overlay for the keys it set, the catalogue for the rest.
    CHECK(report.at("assumption_sources").at("hours_per_week").at("from") ==
          "overlay data/overlay/replace_and_assume.json");
    CHECK(report.at("assumption_sources").at("electricity_usd_per_kwh").at("from") ==
          "overlay data/overlay/replace_and_assume.json");
    CHECK(report.at("assumption_sources").at("pue").at("from") == "catalogue");
    // A flag still wins over the overlay, and says so.
    const Json flagged =
        Json::parse(run_ok(with_mini({"compare", "--add-catalog", "data/overlay/replace_and_assume.json", "--build",
                                      "box-a4", "--hours-per-week", "20", "--format", "json"}))
                        .out);
    CHECK(flagged.at("assumption_sources").at("hours_per_week").at("from") == "flag");
}

TEST_CASE("add-catalog overlays: new GPUs, builds and offers join the catalogue") {
    const auto r = run_ok(with_mini(
        {"compare", "--add-catalog", "data/overlay/new_gpu_and_build.json", "--build", "box-c1", "--format", "json"}));
    const Json c = body(r.out).at("comparisons").at(0);
    CHECK(c.at("cloud").at("id") == "c-1");
    // 1 x $5,000 GPU + $1,000 base.
    CHECK(c.at("build").at("breakdown_usd").at("hardware").get<double>() == 6000.0);
}

TEST_CASE("add-catalog overlays: the merged catalogue is validated, and errors name the overlay") {
    const auto unknown = run_gpucost(with_mini({"compare", "--add-catalog", "data/overlay/unknown_gpu.json"}));
    CHECK(unknown.exit_code == 3);
    CHECK(unknown.out.empty());
    check_golden("catalog_add_error_unknown_gpu.txt", unknown.err);

    const auto section =
        run_gpucost(with_mini({"catalog", "list", "--add-catalog", "data/overlay/wrong_section.json"}));
    CHECK(section.exit_code == 3);
    CHECK_THAT(section.err,
               Contains("data/overlay/wrong_section.json: /cloud/0/id: id \"gpu-b\" is already used in gpus"));

    const auto no_price = run_gpucost(with_mini({"compare", "--add-catalog", "data/overlay/gpu_without_price.json"}));
    CHECK(no_price.exit_code == 3);
    CHECK_THAT(no_price.err,
               Contains("data/overlay/gpu_without_price.json: /gpus/0/price_usd: missing; build \"box-a4\""));

    const auto missing = run_gpucost(with_mini({"compare", "--add-catalog", "data/overlay/no-such-file.json"}));
    CHECK(missing.exit_code == 3);
    CHECK_THAT(missing.err, Contains("data/overlay/no-such-file.json"));
}

TEST_CASE("parse_catalog_overlay and merge_catalog as functions") {
    using namespace gpucost;
    Catalog base = parse_catalog(test::read_file(test::test_path(k_mini)), "mini");
    // Every section and assumption optional; the overlay's builds may name the base's GPUs.
    const Catalog overlay = parse_catalog_overlay(
        R"({"builds": [{"id": "box-a1", "name": "One A", "gpu": "gpu-a", "gpu_count": 1, "base_price_usd": 1,
            "base_load_w": 1, "base_idle_w": 0, "setup_usd": 0, "source": "s", "as_of": "2026-01"}],
            "assumptions": {"pue": 1.2}})",
        "o.json", base);
    CHECK(overlay.builds.size() == 1);
    CHECK(overlay.gpus.empty());
    merge_catalog(base, overlay);
    REQUIRE(base.find_build("box-a1") != nullptr);
    CHECK(base.builds.size() == 3);
    CHECK(std::get<double>(*base.assumptions.get(AssumptionKey::pue)) == 1.2);
    CHECK(std::get<double>(*base.assumptions.get(AssumptionKey::hours_per_week)) == 84.0);
    CHECK(base.origin == "mini + o.json");

    // Entries still need source and as_of; an overlay's schema_version, if given, must be one we read.
    CHECK_THROWS_AS(parse_catalog_overlay(R"({"cloud": [{"id": "x", "provider": "p", "instance": "i", "region": "r",
        "gpu": "gpu-a", "gpu_count": 1, "usd_per_hour": {"on-demand": 1}}]})",
                                          "o.json", base),
                    ValidationError);
    CHECK_THROWS_AS(parse_catalog_overlay(R"({"schema_version": 3})", "o.json", base), ValidationError);
    CHECK_NOTHROW(parse_catalog_overlay(R"({"schema_version": 2})", "o.json", base));
    CHECK_NOTHROW(parse_catalog_overlay("{}", "empty.json", base));
}

// ---- --max-age-days ----

TEST_CASE("max-age-days: stale figures warn on stderr and in JSON, one per entry") {
    const TodayIs today("2026-11-30");
    // box-a4 vs its cheapest offer pricey-a1 (84 h/week): gpu-a 2026-01-15 is 319 days old, box-a4 2026-02-01 302,
    // pricey-a1 2026-05-01 213. With 250 days allowed, two are stale.
    const auto r = run_ok(with_mini({"compare", "--build", "box-a4", "--max-age-days", "250", "--format", "json"}));
    const Json warnings = Json::parse(r.out).at("warnings");
    CHECK(warnings ==
          Json::array({"stale figure: GPU gpu-a is as of 2026-01-15, 319 days old (more than --max-age-days 250)",
                       "stale figure: build box-a4 is as of 2026-02-01, 302 days old (more than --max-age-days 250)"}));
    CHECK_THAT(r.err, Contains("gpucost: warning: stale figure: GPU gpu-a is as of 2026-01-15, 319 days old"));

    const auto fresh = run_ok(with_mini({"compare", "--build", "box-a4", "--max-age-days", "400", "--format", "json"}));
    CHECK(Json::parse(fresh.out).at("warnings").empty());
    const auto none = run_ok(with_mini({"compare", "--build", "box-a4", "--format", "json"}));
    CHECK(Json::parse(none.out).at("warnings").empty());  // no limit, no warning

    CHECK(run_gpucost(with_mini({"compare", "--max-age-days", "-1"})).exit_code == 2);
    CHECK(run_gpucost(with_mini({"compare", "--max-age-days", "1.5"})).exit_code == 2);
}

TEST_CASE("stale_figures: once per entry, oldest first, strictly older than the limit") {
    using namespace gpucost;
    const Catalog catalog = parse_catalog(test::read_file(test::test_path(k_mini)), "mini");
    const Report report = build_report(catalog, ComparisonRequest{});  // both builds, 84 h/week
    const Date today{2026, 11, 30};
    // Used: gpu-a (319 days), gpu-b (547), box-a4 (302), box-b2 (274), b-1 (213), and box-a4's cheapest offer.
    const auto all = stale_figures(report, 0, today);
    REQUIRE(all.size() == 6);
    CHECK(all.front().id == "gpu-b");
    CHECK(all.front().age_days == 547);
    for (std::size_t i = 1; i < all.size(); ++i) CHECK(all[i - 1].age_days >= all[i].age_days);
    // Exactly 302 days is not "more than 302".
    const auto over_302 = stale_figures(report, 302, today);
    REQUIRE(over_302.size() == 2);
    CHECK(over_302[0].id == "gpu-b");
    CHECK(over_302[1].id == "gpu-a");
    CHECK(stale_figures(report, 547, today).empty());
}

TEST_CASE("dates: days between, YYYY-MM as the first of the month") {
    using namespace gpucost;
    CHECK(days_between(*parse_date("2026-01-01"), *parse_date("2026-12-31")) == 364);
    CHECK(days_between(*parse_date("2024-02-28"), *parse_date("2024-03-01")) == 2);  // leap year
    CHECK(days_between(*parse_date("2025-06"), *parse_date("2025-06-01")) == 0);
    CHECK(days_since_epoch(Date{1970, 1, 1}) == 0);
    CHECK_FALSE(parse_date("1989-12-31"));  // catalogue dates start in 1990
    CHECK(days_since_epoch(*parse_date("2000-03-01")) == 11017);
    CHECK_FALSE(parse_date("2026-02-30"));
    CHECK(to_string(Date{2026, 3, 7}) == "2026-03-07");
}

// ---- compare --region / --provider ----

TEST_CASE("compare --region and --provider restrict the cheapest match") {
    const auto pick = [](std::vector<std::string> extra) {
        std::vector<std::string> args = with_mini({"compare", "--build", "box-a4", "--format", "json"});
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = run_gpucost(args);
        INFO("stderr: " << r.err);
        REQUIRE(r.exit_code == 0);
        return body(r.out).at("comparisons").at(0).at("cloud").at("id").get<std::string>();
    };
    // Unfiltered, box-a4 (4 GPUs, 365 h a month) rents pricey-a1: 4 x $3 = $12 an hour against 1 x $16 for cheap-a8.
    CHECK(pick({}) == "pricey-a1");
    CHECK(pick({"--region", "r1"}) == "cheap-a8");
    CHECK(pick({"--provider", "cloudone"}) == "cheap-a8");
    CHECK(pick({"--provider", "CloudTwo", "--region", "R2"}) == "pricey-a1");

    const auto none = run_gpucost(with_mini({"compare", "--build", "box-a4", "--region", "r9"}));
    CHECK(none.exit_code == 3);
    CHECK(none.out.empty());
    check_golden("catalog_compare_error_region.txt", none.err);

    // Ranked view: a build with no offer left is skipped with a warning.
    const auto ranked = run_ok(with_mini({"compare", "--provider", "cloudone", "--format", "json"}));
    const Json report = body(ranked.out);
    REQUIRE(report.at("comparisons").size() == 1);
    CHECK(report.at("comparisons").at(0).at("build").at("id") == "box-a4");
    CHECK_THAT(ranked.err,
               Contains("build box-b2 skipped: no cloud offer for GPU \"gpu-b\" from provider \"cloudone\""));
}

// ---- CSV estimates column ----

TEST_CASE("compare CSV: the estimates column names the estimates a row rests on") {
    const auto r = run_ok(with_mini({"compare", "--format", "csv"}));
    const std::string header = r.out.substr(0, r.out.find('\n'));
    // v1's last column, followed by model v2's four, then like-for-like's (new columns go at the end of the contract).
    CHECK_THAT(header, Catch::Matchers::Contains(",cheaper,savings_usd,estimates,build_interim_cloud_usd,"
                                                 "payback_month_if_sold,cheaper_without_resale,"
                                                 "savings_without_resale_usd,match_level,cloud_tier,"));
    // box-b2 uses gpu-b, marked "estimate" in the fixture; box-a4 rests on sourced figures only.
    CHECK_THAT(r.out, Contains("\nbox-b2,"));
    const std::size_t b2 = r.out.find("\nbox-b2,");
    const std::string b2_row = r.out.substr(b2 + 1, r.out.find('\n', b2 + 1) - b2 - 1);
    CHECK_THAT(b2_row, Contains(",gpu-b,0,"));
    const std::size_t a4 = r.out.find("\nbox-a4,");
    const std::string a4_row = r.out.substr(a4 + 1, r.out.find('\n', a4 + 1) - a4 - 1);
    CHECK_THAT(a4_row, Contains(",52584.8,,0,"));  // savings, then an empty estimates cell
}

TEST_CASE("catalog list from the command line: --currency converts prices, tsv and markdown come from the same rows") {
    // cheap-a8: on-demand $16/h, spot $8/h, reserved-1y $12/h for 8 GPUs; at 0.5 EUR per USD: 8, 4, 6 and 1 per
    // GPU-hour (16 x 0.5 / 8); b-1: $0.50/h and $0.30/h -> 0.25 and 0.15.
    const std::vector<std::string> eur = {"--currency", "EUR", "--usd-rate", "0.5"};
    auto with = [&](std::vector<std::string> args) {
        args.insert(args.end(), eur.begin(), eur.end());
        return with_mini(args);
    };
    const std::string csv = run_ok(with({"catalog", "list", "cloud", "--format", "csv"})).out;
    CHECK(csv.find(",on_demand_eur_per_hour,spot_eur_per_hour,reserved_1y_eur_per_hour,") != std::string::npos);
    CHECK(csv.find("\ncloud,cheap-a8,,,CloudOne,a.8x,r1,gpu-a,8,80,,,,,8,4,6,,on-demand,1,") != std::string::npos);
    CHECK(csv.find("\ncloud,b-1,,,CloudTwo,b.1x,r2,gpu-b,1,24,,,,,0.25,0.15,,,on-demand,0.25,") != std::string::npos);
    const std::string tsv = run_ok(with({"catalog", "list", "cloud", "--format", "tsv"})).out;
    CHECK(tsv.find("\ncloud\tcheap-a8\t\t\tCloudOne\ta.8x\tr1\tgpu-a\t8\t80\t\t\t\t\t8\t4\t6\t\ton-demand\t1\t") !=
          std::string::npos);
    const std::string markdown = run_ok(with({"catalog", "list", "cloud", "--format", "markdown"})).out;
    CHECK(markdown.find("| cheap-a8 | CloudOne | r1 |") != std::string::npos);
    CHECK(markdown.find("EUR 16.00") == std::string::npos);  // converted, never the dollar figure in euros
    CHECK(markdown.find("EUR 8.00") != std::string::npos);
}

// sensitivity, sweep and simulate through the CLI: goldens of every format on a fixture catalogue with ranges,
// agreement with compare runs, and hostile ranges.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/render/render.hpp"
#include "gpucost/util/text.hpp"
#include "test_support.hpp"

using gpucost::test::check_golden;
using gpucost::test::run_gpucost;
using Json = nlohmann::json;

namespace {

const std::string k_catalog = "data/ranges_catalog.json";

std::vector<std::string> with_catalog(std::vector<std::string> args) {
    args.push_back("--catalog");
    args.push_back(k_catalog);
    return args;
}

Json run_json(std::vector<std::string> args) {
    args.push_back("--format");
    args.push_back("json");
    const auto r = run_gpucost(with_catalog(args));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return Json::parse(gpucost::test::json_flattened(r.out));
}

// owning_saves_usd of `compare --build box-a4 --cloud cheap-a8` with extra flags.
double compare_saves(std::vector<std::string> flags) {
    std::vector<std::string> args = {"compare", "--build", "box-a4", "--cloud", "cheap-a8"};
    args.insert(args.end(), flags.begin(), flags.end());
    const Json j = run_json(args);
    const Json& c = j["comparisons"][0];
    return c["cloud"]["total_usd"].get<double>() - c["build"]["total_usd"].get<double>();
}

void check_formats(const std::vector<std::string>& args, const std::string& golden) {
    for (const auto& [format, ext] : std::vector<std::pair<std::string, std::string>>{
             {"table", "txt"}, {"json", "json"}, {"csv", "csv"}, {"markdown", "md"}}) {
        std::vector<std::string> a = with_catalog(args);
        a.push_back("--format");
        a.push_back(format);
        const auto r = run_gpucost(a);
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        check_golden(golden + "." + ext, r.out);
    }
    // TSV: the CSV's rows, a tab apart
    std::vector<std::string> a = with_catalog(args);
    const auto csv = run_gpucost([&] {
        auto c = a;
        c.insert(c.end(), {"--format", "csv"});
        return c;
    }());
    a.insert(a.end(), {"--format", "tsv"});
    const auto tsv = run_gpucost(a);
    REQUIRE(tsv.exit_code == 0);
    CHECK(tsv.out == gpucost::test::tsv_from_csv(csv.out));
    CHECK(tsv.out.find('\t') != std::string::npos);
}

void check_error(const std::vector<std::string>& args, int code, const std::string& fragment) {
    const auto r = run_gpucost(with_catalog(args));
    CHECK(r.exit_code == code);
    CHECK_THAT(r.err, Catch::Contains(fragment));
    CHECK(r.out.empty());
}

}  // namespace

TEST_CASE("sensitivity, sweep and simulate: goldens of every format", "[cli][uncertainty][golden]") {
    check_formats({"sensitivity"}, "sensitivity_all");
    check_formats({"sweep", "--build", "box-a4", "--vary", "hours_per_week=0:168:24"}, "sweep_box_a4");
    check_formats({"sweep", "--build", "box-a4", "--vary", "hours_per_week=0:168:42", "--vary", "years=1:3:0.5"},
                  "sweep_box_a4_map");
    check_formats({"simulate", "--draws", "20000", "--seed", "3"}, "simulate_all");
}

TEST_CASE("sensitivity: each end equals a compare run with the input there", "[cli][uncertainty]") {
    const Json j = run_json({"sensitivity", "--build", "box-a4", "--cloud", "cheap-a8", "--range", "pue=1.2:1.9"});
    const Json& rows = j["comparisons"][0]["tornado"];
    bool seen_pue = false;
    bool seen_electricity = false;
    for (const Json& row : rows) {
        const std::string address = row["address"];
        if (address == "pue") {
            seen_pue = true;
            CHECK(row["owning_saves_at_low_usd"].get<double>() == compare_saves({"--pue", "1.2"}));
            CHECK(row["owning_saves_at_high_usd"].get<double>() == compare_saves({"--pue", "1.9"}));
        }
        if (address == "electricity_usd_per_kwh") {  // from the catalogue's assumption_ranges: 0.1 to 0.3
            seen_electricity = true;
            CHECK(row["low"].get<double>() == 0.1);
            CHECK(row["owning_saves_at_low_usd"].get<double>() == compare_saves({"--electricity-usd-per-kwh", "0.1"}));
            CHECK(row["owning_saves_at_high_usd"].get<double>() == compare_saves({"--electricity-usd-per-kwh", "0.3"}));
        }
    }
    CHECK(seen_pue);
    CHECK(seen_electricity);
    // Sorted by swing, largest first.
    for (std::size_t i = 1; i < rows.size(); ++i) CHECK(rows[i - 1]["swing_usd"] >= rows[i]["swing_usd"]);
}

// The JSON bodies' rows are written from the CSV rows (uncertainty_json.cpp, fields_json): the same columns, in the
// same order, so a column appended to the CSV contract reaches the JSON too.
TEST_CASE("sensitivity, sweep, simulate: the JSON rows have the CSV's columns, in its order", "[cli][uncertainty]") {
    const auto header = [](std::vector<std::string> args) {
        args.insert(args.end(), {"--format", "csv"});
        const auto r = run_gpucost(with_catalog(args));
        REQUIRE(r.exit_code == 0);
        std::vector<std::string> names;
        std::string name;
        for (const char c : r.out.substr(0, r.out.find('\n'))) {
            if (c != ',') name += c;
            if (c == ',') names.push_back(std::exchange(name, ""));
        }
        names.push_back(name);
        return names;
    };
    const auto keys = [](const nlohmann::ordered_json& object) {
        std::vector<std::string> names;
        for (const auto& item : object.items()) names.push_back(item.key());
        return names;
    };
    const auto body = [](std::vector<std::string> args, const char* key) {
        args.insert(args.end(), {"--format", "json"});
        const auto r = run_gpucost(with_catalog(args));
        REQUIRE(r.exit_code == 0);
        return nlohmann::ordered_json::parse(r.out).at(key).at("comparisons").at(0);
    };
    const std::vector<std::string> tornado = {"sensitivity", "--build", "box-a4", "--cloud", "cheap-a8"};
    std::vector<std::string> csv = header(tornado);
    // build_id, cloud_id, then address, low, high, point, the two savings, swing_usd, flips
    REQUIRE(csv.size() == 10);
    CHECK(keys(body(tornado, "sensitivity").at("tornado").at(0)) ==
          std::vector<std::string>(csv.begin() + 2, csv.end()));
    const std::vector<std::string> sweep = {
        "sweep", "--build", "box-a4", "--cloud", "cheap-a8", "--vary", "hours_per_week=0:168:84"};
    csv = header(sweep);
    REQUIRE(csv.size() == 8);  // the ids, the address, the two totals, the saving, cheaper, the break-even
    CHECK(keys(body(sweep, "sweep").at("rows").at(0)) == std::vector<std::string>(csv.begin() + 2, csv.end()));
    const std::vector<std::string> simulate = {"simulate", "--build", "box-a4", "--cloud",
                                               "cheap-a8", "--draws", "200"};
    csv = header(simulate);
    REQUIRE(csv.size() == 14);  // the ids, figure, p5 ... p95, mean (columns 3-8), share, ...
    const nlohmann::ordered_json s = body(simulate, "simulation");
    // A total is in every draw; a payback only in some, so it also says in what share of them.
    CHECK(keys(s.at("build_total_usd")) == std::vector<std::string>(csv.begin() + 3, csv.begin() + 9));
    CHECK(keys(s.at("payback_month")) == std::vector<std::string>(csv.begin() + 3, csv.begin() + 10));
}

TEST_CASE("sweep: each cell equals compare at the grid point", "[cli][uncertainty]") {
    const Json j = run_json({"sweep", "--build", "box-a4", "--cloud", "cheap-a8", "--vary", "hours_per_week=0:168:56",
                             "--vary", "electricity_usd_per_kwh=0.1:0.3:0.1"});
    const Json& rows = j["comparisons"][0]["rows"];
    REQUIRE(rows.size() == 12);  // 4 hours x 3 prices
    for (const std::size_t i : {0u, 5u, 11u}) {
        const Json& row = rows[i];
        const double hours = row["hours_per_week"];
        const double price = row["electricity_usd_per_kwh"];
        CHECK(row["owning_saves_usd"].get<double>() ==
              compare_saves({"--hours-per-week", gpucost::exact_number(hours), "--electricity-usd-per-kwh",
                             gpucost::exact_number(price)}));
    }
}

TEST_CASE("simulate: the same seed gives the same bytes, another seed other figures", "[cli][uncertainty]") {
    const std::vector<std::string> args =
        with_catalog({"simulate", "--draws", "5000", "--seed", "9", "--format", "csv"});
    const auto a = run_gpucost(args);
    const auto b = run_gpucost(args);
    REQUIRE(a.exit_code == 0);
    CHECK(a.out == b.out);
    std::vector<std::string> other = args;
    other[4] = "10";
    CHECK(run_gpucost(other).out != a.out);
}

TEST_CASE("check: probability gates from a simulation", "[cli][uncertainty]") {
    // box-a4 against its match pricey-a1 saves money at every range end of the fixture (sensitivity_all.txt), so
    // owning is cheaper in every draw; against cheap-a8 at 1 to 20 USD/h renting wins in some.
    const auto pass = run_gpucost(with_catalog({"check", "--build", "box-a4", "--min-p-build-cheaper", "0.95",
                                                "--max-p-cloud-cheaper", "0.05", "--draws", "2000"}));
    INFO(pass.err);
    CHECK(pass.exit_code == 0);
    CHECK_THAT(pass.err, Catch::Contains("ok min-p-build-cheaper: 1.0000 >= 0.9500"));
    const auto fail = run_gpucost(with_catalog({"check", "--build", "box-a4", "--cloud", "cheap-a8", "--range",
                                                "cloud:cheap-a8/usd_per_hour/on-demand=1:20", "--draws", "2000",
                                                "--min-p-build-cheaper", "0.99"}));
    CHECK(fail.exit_code == 1);
    CHECK_THAT(fail.err, Catch::Contains("FAIL min-p-build-cheaper"));
    check_error({"check", "--min-p-build-cheaper", "1.5"}, 2, "--min-p-build-cheaper: must be a probability in [0, 1]");
}

TEST_CASE("hostile ranges get one clear line", "[cli][uncertainty]") {
    check_error({"simulate", "--range", "pue=1.9:1.2"}, 2, "--range pue: low 1.9 must not exceed high 1.2");
    check_error({"simulate", "--range", "pue=nan:2"}, 2, "--range pue: LOW must be a number");
    check_error({"simulate", "--range", "pue=0.5:2"}, 2, "--range pue: low: must be in [1, 5], got 0.5");
    check_error({"simulate", "--range", "pue=1:2:3"}, 2, "mode 3 must lie between low 1 and high 2");
    check_error({"simulate", "--range", "pue=1"}, 2, "expected LOW:HIGH or LOW:HIGH:MODE");
    check_error({"simulate", "--range", "elektricity_usd_per_kwh=0:1"}, 2,
                "unknown address \"elektricity_usd_per_kwh\" (did you mean \"electricity_usd_per_kwh\"?)");
    check_error({"simulate", "--range", "pricing=0:1"}, 2, "is a choice");
    check_error({"simulate", "--range", "gpu:gpu-c/price_usd=1:2"}, 3,
                "--range gpu:gpu-c/price_usd: unknown GPU \"gpu-c\" (did you mean \"gpu-a\"?)");
    check_error({"simulate", "--range", "gpu:gpu-a/vram_gb=1:2"}, 2, "is not a rangeable gpu field");
    check_error({"simulate", "--range", "cloud:cheap-a8/usd_per_hour/hourly=1:2"}, 2, "PRICING one of");
    check_error({"simulate", "--range-dist", "normal", "--range", "pue=1:2"}, 2, "--range-dist: must be one of");
    check_error({"simulate", "--draws", "0"}, 2, "--draws: must be a whole number in [1, 1000000000000]");
    check_error({"simulate", "--draws", "2000000000000"}, 2, "--draws: must be a whole number in [1, 1000000000000]");
    check_error({"sweep", "--vary", "hours_per_week=0:200:10"}, 2, "--vary hours_per_week: high: must be in [0, 168]");
    check_error({"sweep", "--vary", "hours_per_week=10:0:1"}, 2, "STOP >= START");
    check_error({"sweep", "--vary", "hours_per_week=0:10:0"}, 2, "STEP > 0");
    check_error({"sweep"}, 2, "sweep needs one or two --vary");
    check_error({"sweep", "--vary", "hours_per_week=0:1:1e-9"}, 2, "more than 1000000 points");
}

TEST_CASE("hostile ranges in files name the file and the JSON path", "[cli][uncertainty]") {
    check_error({"simulate", "--scenario", "data/scenario/bad_ranges.json"}, 3,
                "data/scenario/bad_ranges.json: /ranges/pue: low 1.9 must not exceed high 1.2");
    check_error({"simulate", "--scenario", "data/scenario/bad_ranges.json"}, 3,
                "data/scenario/bad_ranges.json: /ranges/gpu:nope~1price_usd/dist: must be one of");
    check_error({"simulate", "--add-catalog", "data/overlay/bad_ranges.json"}, 3,
                "data/overlay/bad_ranges.json: /assumption_ranges/hours_per_week/high: must be in [0, 168] h/week");
    check_error({"simulate", "--scenario", "data/scenario/unknown_range_id.json"}, 3,
                "data/scenario/unknown_range_id.json: /ranges/build:box-a5~1setup_usd: unknown build \"box-a5\"");
}

TEST_CASE("sweep: the grid's total over every comparison is capped, refused before the work (issue 21)",
          "[cli][uncertainty]") {
    // 0:168:0.003 is 168 / 0.003 + 1 = 56,001 points: within the total of 100,000 for one comparison, but not for
    // the fixture's two (box-a4 and box-b2): 2 x 56,001 = 112,002.
    check_error({"sweep", "--vary", "hours_per_week=0:168:0.003"}, 2,
                "--vary: 56001 points x 2 comparisons = 112002 grid points in all, more than the 100000 one sweep "
                "evaluates; use a larger STEP or name one build (--build ID)");
    // One build: 56,001 points, within the total (the CSV's lines: a header and a row a point).
    const auto one = run_gpucost(
        with_catalog({"sweep", "--build", "box-a4", "--vary", "hours_per_week=0:168:0.003", "--format", "csv"}));
    REQUIRE(one.exit_code == 0);
    CHECK(std::count(one.out.begin(), one.out.end(), '\n') == 56002);
}

TEST_CASE("sweep: steps are START + i x STEP, the end compared with a tolerance (issue 21)", "[cli][uncertainty]") {
    // 0.1 + 499 x 0.1 = 50.00000000000001 in doubles; years' upper bound is 50, and the grid's last point is 50.
    const Json j = run_json({"sweep", "--build", "box-a4", "--vary", "years=0.1:50:0.1"});
    const Json& values = j["vary"][0]["values"];
    REQUIRE(values.size() == 500);
    CHECK(values[0].get<double>() == 0.1);
    CHECK(values[499].get<double>() == 50.0);
}

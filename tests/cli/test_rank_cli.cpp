// `gpucost rank` as users get it: every format of one fixture ranking as goldens, the chart's figures equal to the
// JSON's, the page self-contained, the errors, --verbose, and the shipped catalogue's ranking read back from JSON
// and CSV.
#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/render/render.hpp"
#include "temp_file.hpp"
#include "test_support.hpp"

using Catch::Matchers::WithinRel;
using gpucost::test::check_golden;
using gpucost::test::run_gpucost;
using gpucost::test::stdout_of;
using Json = nlohmann::json;

namespace {

const std::string k_match = "data/match_catalog.json";

std::vector<std::string> fixture(std::vector<std::string> extra, const std::string& workload = "llm-infer") {
    std::vector<std::string> args = {"rank", "--catalog", k_match, "--workload", workload};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// The value of attribute `name` in the element that holds `marker`.
std::string attribute(const std::string& text, const std::string& marker, const std::string& name) {
    const std::size_t at = text.find(marker);
    REQUIRE(at != std::string::npos);
    const std::size_t start = text.rfind('<', at);
    const std::string element = text.substr(start, text.find('>', at) - start);
    const std::string key = " " + name + "=\"";
    const std::size_t begin = element.find(key);
    REQUIRE(begin != std::string::npos);
    const std::size_t from = begin + key.size();
    return element.substr(from, element.find('"', from) - from);
}

// The data-key of every bar, in document order.
std::vector<std::string> bar_keys(const std::string& svg) {
    std::vector<std::string> keys;
    const std::string marker = "<g class=\"row\" data-key=\"";
    for (std::size_t at = svg.find(marker); at != std::string::npos; at = svg.find(marker, at + 1)) {
        const std::size_t from = at + marker.size();
        keys.push_back(svg.substr(from, svg.find('"', from) - from));
    }
    return keys;
}

// One CSV line's cells, RFC 4180 quotes undone (no line breaks inside a cell here).
std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            cells.back() += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            cells.emplace_back();
        } else {
            cells.back() += c;
        }
    }
    return cells;
}

}  // namespace

TEST_CASE("rank: every format of the fixture ranking (goldens)", "[rank]") {
    check_golden("rank_fixture.txt", stdout_of(fixture({})));
    check_golden("rank_fixture.md", stdout_of(fixture({"--format", "markdown"})));
    check_golden("rank_fixture.json", stdout_of(fixture({"--format", "json"})));
    check_golden("rank_fixture.csv", stdout_of(fixture({"--format", "csv"})));
    check_golden("rank_fixture.tsv", stdout_of(fixture({"--format", "tsv"})));
    // the same rows as the CSV, tab-separated
    CHECK(stdout_of(fixture({"--format", "tsv"})) ==
          gpucost::test::tsv_from_csv(stdout_of(fixture({"--format", "csv"}))));
    check_golden("rank_fixture.html", stdout_of(fixture({"--format", "html"})));
    check_golden("rank_fixture.svg", stdout_of(fixture({"--format", "svg", "--chart", "rank"})));
    check_golden("rank_fixture_fp64_eur.txt",
                 stdout_of(fixture({"--region", "r1", "--currency", "EUR", "--usd-rate", "0.92"}, "fp64-hpc")));
}

TEST_CASE("rank --help: the flags, examples and exit codes", "[rank]") {
    check_golden("rank_help.txt", stdout_of({"rank", "--help"}));
}

TEST_CASE("rank: the chart's bars are the JSON's rows, in rank order, with the JSON's figures", "[rank]") {
    const std::vector<std::string> eur = {"--currency", "EUR", "--usd-rate", "0.92"};
    auto with = [&eur](std::vector<std::string> extra) {
        extra.insert(extra.end(), eur.begin(), eur.end());
        return fixture(extra);
    };
    const Json report = Json::parse(gpucost::test::json_flattened(stdout_of(with({"--format", "json"}))));
    const std::string svg = stdout_of(with({"--format", "svg", "--chart", "rank"}));
    const std::string page = stdout_of(with({"--format", "html"}));
    std::vector<std::string> ids;
    for (const Json& row : report["rows"]) ids.push_back(row["id"].get<std::string>());
    CHECK(bar_keys(svg) == ids);
    CHECK(bar_keys(page) == ids);
    for (const Json& row : report["rows"]) {
        const std::string marker = "data-key=\"" + row["id"].get<std::string>() + "\"";
        INFO(marker);
        CHECK(std::stod(attribute(svg, marker, "data-value")) == row["eur_per_million_units"].get<double>());
        CHECK(std::stod(attribute(page, marker, "data-value")) == row["eur_per_million_units"].get<double>());
    }
    CHECK(attribute(svg, "data-chart", "data-chart") == "rank");
    CHECK(attribute(svg, "data-chart", "data-workload") == "llm-infer");
    CHECK(attribute(svg, "data-chart", "data-currency") == "EUR");
    CHECK(std::stod(attribute(svg, "data-chart", "data-hours-per-week")) ==
          report["assumptions"]["hours_per_week"].get<double>());
}

TEST_CASE("rank --format html: the verdict, chart, ranking, workload, left out, assumptions, nothing outside",
          "[rank]") {
    const std::string page = stdout_of(fixture({"--format", "html"}, "fp64-hpc"));
    const Json report =
        Json::parse(gpucost::test::json_flattened(stdout_of(fixture({"--format", "json"}, "fp64-hpc"))));
    CHECK(page.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0) == 0);
    for (const char* id :
         {"verdict", "charts", "ranking", "workload", "excluded", "assumptions", "warnings", "catalogue"})
        CHECK(page.find(std::string("<section id=\"") + id + "\">") != std::string::npos);
    const Json& best = report["rows"][0];
    CHECK(page.find("cheapest for this work: cloud offer " + best["id"].get<std::string>()) != std::string::npos);
    for (const Json& e : report["excluded"])
        CHECK(page.find("<td>" + e["id"].get<std::string>() + "</td>") != std::string::npos);
    CHECK(page.find("as of " + report["catalog"]["as_of"].get<std::string>()) != std::string::npos);
    for (const char* outside : {"<script", "<link", "<img", "src=", "href=", "@import", "xmlns"})
        CHECK(page.find(outside) == std::string::npos);
    for (std::size_t at = page.find("url("); at != std::string::npos; at = page.find("url(", at + 1))
        CHECK(page.compare(at + 4, 1, "#") == 0);
}

TEST_CASE("rank: usage errors exit 2 with one line", "[rank]") {
    auto err = [](const std::vector<std::string>& args) {
        const auto r = run_gpucost(args);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        return r.err;
    };
    CHECK(err({"rank", "--catalog", k_match}) ==
          "gpucost: error: rank needs --workload ID, the work to price; the catalogue's workloads: fp64-hpc, "
          "llm-infer\n");
    // An unknown id is a data error (exit 3), with the same words as compare --match any.
    const auto unknown = run_gpucost({"rank", "--catalog", k_match, "--workload", "llm"});
    CHECK(unknown.exit_code == 3);
    CHECK(unknown.out.empty());
    CHECK(unknown.err == "gpucost: error: --workload: unknown workload \"llm\" (did you mean \"llm-infer\"?); the "
                         "catalogue's workloads: fp64-hpc, llm-infer\n");
    CHECK(err(fixture({"--match", "any"})) ==
          "gpucost: error: unknown option \"--match\"; see 'gpucost rank --help'\n");
    CHECK(err(fixture({"--build", "hgx-8"})) ==
          "gpucost: error: unknown option \"--build\"; see 'gpucost rank --help'\n");
    CHECK(err(fixture({"--format", "svg", "--chart", "savings"})) ==
          "gpucost: error: --chart: \"savings\" is not a chart of this report; this report has: rank\n");
    CHECK(err(fixture({"--format", "svg"})) ==
          "gpucost: error: --chart: none given, and --format svg writes one chart; this report has: rank\n");
}

TEST_CASE("rank: the requirement flags (the match flags compare has) filter builds and offers alike", "[rank]") {
    const Json all = Json::parse(gpucost::test::json_flattened(stdout_of(fixture({"--format", "json"}))));
    const Json big = Json::parse(gpucost::test::json_flattened(
        stdout_of(fixture({"--format", "json", "--min-gpus-per-instance", "8", "--tier", "gpu-cloud"}))));
    std::vector<std::string> kept;
    for (const Json& row : big["rows"]) kept.push_back(row["id"].get<std::string>());
    // hgx-8 holds 8 GPUs in one machine; the 8-GPU offers of tier gpu-cloud are h-8x-pcie and h-8x-cloud.
    CHECK(kept == std::vector<std::string>{"h-8x-pcie", "h-8x-cloud", "hgx-8"});
    CHECK(big["requirements"]["min_gpus_per_instance"] == 8);
    CHECK(big["requirements"]["tiers"] == Json::array({"gpu-cloud"}));
    CHECK(big["excluded"].size() == all["rows"].size() - 3);
    // The figures of the rows kept do not move.
    for (const Json& row : big["rows"])
        for (const Json& same : all["rows"])
            if (same["id"] == row["id"]) CHECK(same["usd_per_million_units"] == row["usd_per_million_units"]);
    const Json fp64 = Json::parse(gpucost::test::json_flattened(stdout_of(fixture(
        {"--format", "json", "--min-fp64-tflops", "10", "--min-vram-gb", "48", "--min-interconnect", "nvlink"}))));
    for (const Json& row : fp64["rows"]) CHECK(row["gpu"] == "gpu-h");
    const auto bad = run_gpucost(fixture({"--min-vram-gb", "lots"}));
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("--min-vram-gb") != std::string::npos);
}

TEST_CASE("rank --scenario: the workload, requirements and tier as scenario keys, flags over them", "[rank]") {
    const std::vector<std::string> flags = {
        "rank",      "--catalog",        k_match, "--workload", "llm-infer", "--min-vram-gb", "48", "--tier",
        "gpu-cloud", "--hours-per-week", "80",    "--format",   "json"};
    const Json by_flags = Json::parse(gpucost::test::json_flattened(stdout_of(flags)));
    const Json by_file = Json::parse(gpucost::test::json_flattened(
        stdout_of({"rank", "--catalog", k_match, "--scenario", "data/scenario/rank.json", "--format", "json"})));
    CHECK(by_file["rows"] == by_flags["rows"]);
    CHECK(by_file["excluded"] == by_flags["excluded"]);
    CHECK(by_file["requirements"] == by_flags["requirements"]);
    CHECK(by_file["assumption_sources"]["hours_per_week"]["from"] == "scenario data/scenario/rank.json");
    // A flag wins over the file, key by key.
    const Json wider = Json::parse(
        gpucost::test::json_flattened(stdout_of({"rank", "--catalog", k_match, "--scenario", "data/scenario/rank.json",
                                                 "--min-vram-gb", "1", "--format", "json"})));
    CHECK(wider["requirements"]["min_vram_gb"] == 1.0);
    CHECK(wider["requirements"]["tiers"] == Json::array({"gpu-cloud"}));
    CHECK(wider["rows"].size() > by_file["rows"].size());
}

TEST_CASE("rank: nothing to rank is a data error (exit 3)", "[rank]") {
    const auto r = run_gpucost(fixture({"--min-vram-gb", "1000"}));
    CHECK(r.exit_code == 3);
    CHECK(r.out.empty());
    CHECK(r.err == "gpucost: error: nothing to rank for workload llm-infer: no build or offer meets the requirements "
                   "and has a figure for it (10 left out; --verbose lists why)\n");
}

TEST_CASE("rank --verbose: each build and offer left out, and why, on stderr", "[rank]") {
    const auto r = run_gpucost(fixture({"--verbose", "--format", "csv"}, "fp64-hpc"));
    REQUIRE(r.exit_code == 0);
    CHECK(r.err ==
          "gpucost: note: left out build \"duo-c\": workload \"fp64-hpc\" has no figure for GPU \"gpu-c\"\n"
          "gpucost: note: left out offer \"c-1x-market\": workload \"fp64-hpc\" has no figure for GPU \"gpu-c\" (an "
          "offer of data/match_catalog.json; a figure for GPU \"gpu-c\" in the workload's \"per_gpu\" admits it)\n"
          "gpucost: note: left out offer \"c-2x-cloud\": workload \"fp64-hpc\" has no figure for GPU \"gpu-c\" (an "
          "offer of data/match_catalog.json; a figure for GPU \"gpu-c\" in the workload's \"per_gpu\" admits it)\n");
    // Without --verbose, the offers of the user's own file (a --catalog file) alone: the build's line goes.
    const auto plain = run_gpucost(fixture({"--format", "csv"}, "fp64-hpc"));
    CHECK(plain.err == r.err.substr(r.err.find('\n') + 1));
    CHECK(plain.out == r.out);
    const auto quiet = run_gpucost(fixture({"--format", "csv", "--quiet"}, "fp64-hpc"));
    CHECK(quiet.err.empty());
    CHECK(quiet.out == r.out);
}

TEST_CASE("rank: the shipped catalogue, llm-70b-serve-mlperf at 168 h/week, read back from JSON and CSV", "[rank]") {
    const std::vector<std::string> args = {"rank", "--workload", "llm-70b-serve-mlperf", "--hours-per-week", "168"};
    std::vector<std::string> json_args = args;
    json_args.insert(json_args.end(), {"--format", "json"});
    std::vector<std::string> csv_args = args;
    csv_args.insert(csv_args.end(), {"--format", "csv"});
    const Json report = Json::parse(gpucost::test::json_flattened(stdout_of(json_args)));
    const std::string csv = stdout_of(csv_args);
    const Json& rows = report["rows"];
    REQUIRE(rows.size() >= 5);
    CHECK(report["workload"]["work_unit"] == "tokens");
    std::optional<double> previous;
    std::stringstream lines(csv);
    std::string line;
    std::getline(lines, line);
    const std::vector<std::string> header = split(line);
    REQUIRE(header.size() == 23);
    CHECK(header[20] == "total_usd");
    CHECK(header[21] == "usd_per_million_units");
    for (const Json& row : rows) {
        INFO(row["id"].get<std::string>());
        const double figure = row["usd_per_million_units"].get<double>();
        CHECK_THAT(figure,
                   WithinRel(row["total_usd"].get<double>() / row["discounted_work_units"].get<double>() * 1e6, 1e-12));
        CHECK(row["used_hours"].get<double>() == Approx(26280.0));
        if (previous) CHECK(*previous <= figure);
        previous = figure;
        REQUIRE(std::getline(lines, line));
        const std::vector<std::string> cells = split(line);
        CHECK(cells[0] == std::to_string(row["rank"].get<int>()));
        CHECK(cells[2] == row["id"].get<std::string>());
        CHECK(std::stod(cells[21]) == figure);  // full precision: the same double
    }
    CHECK_FALSE(std::getline(lines, line));
    CHECK(report["excluded"].size() > 0);
}

TEST_CASE("rank: the table, markdown, page and chart show the cheapest 1,000 rows, CSV and JSON every row", "[rank]") {
    // The fixture ranks 10 rows for llm-infer; 1,001 copies of h-8x-hyper (the dearest 8 x gpu-h offer) make 1,011.
    Json cloud = Json::array();
    for (int i = 0; i < 1001; ++i)
        cloud.push_back({{"id", "h-copy-" + std::to_string(1000 + i)},
                         {"provider", "CopyCloud"},
                         {"instance", "c.8x"},
                         {"region", "r1"},
                         {"gpu", "gpu-h"},
                         {"gpu_count", 8},
                         {"usd_per_hour", {{"on-demand", 55.0}}},
                         {"interconnect", "nvswitch"},
                         {"tier", "hyperscaler"},
                         {"source", "fixture"},
                         {"as_of", "2026-01-15"}});
    const gpucost::test::TempFile overlay(Json{{"cloud", cloud}}.dump(), "copies.json");
    const auto with = [&](const std::string& format) {
        return stdout_of(fixture({"--add-catalog", overlay.path.string(), "--format", format, "--quiet"}));
    };
    const std::string more = "11 more rows, ranked lower, are not shown: --format csv or json gives every row.";
    const std::string table = with("table");
    CHECK_THAT(table, Catch::Matchers::Contains(more));
    CHECK_THAT(table, Catch::Matchers::Contains("\n  1000  "));  // the last row shown
    CHECK_THAT(table, !Catch::Matchers::Contains("\n  1001  "));
    CHECK_THAT(with("markdown"), Catch::Matchers::Contains(more));
    const std::string page = with("html");
    CHECK_THAT(page, Catch::Matchers::Contains(more));
    CHECK(bar_keys(page).size() == 1000);
    const Json report = Json::parse(gpucost::test::json_flattened(with("json")));
    CHECK(report["rows"].size() == 1011);
    const std::string csv = with("csv");
    CHECK(std::count(csv.begin(), csv.end(), '\n') == 1 + 1011);  // the header, then every row
}

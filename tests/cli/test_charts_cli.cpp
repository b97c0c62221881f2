// The pictures as users get them: --format svg --chart NAME and --format html for compare and cashflow, the
// terminal chart, and the figures each chart carries equal to the JSON report's. Goldens for two fixture reports.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

using gpucost::test::check_golden;
using gpucost::test::run_gpucost;
using gpucost::test::ScopedEnv;
using gpucost::test::stdout_of;
using Json = nlohmann::json;

namespace {

const std::string k_mini = "data/mini_catalog.json";

// The attribute `name` of the first element carrying `marker` (an attribute="value" text), as text.
// The value of the attribute `name` in one element's text (no std::regex: g++ 12 -O1 warns inside <regex>).
std::optional<std::string> attribute_in(const std::string& element, const std::string& name) {
    const std::string key = " " + name + "=\"";
    const std::size_t at = element.find(key);
    if (at == std::string::npos) return std::nullopt;
    const std::size_t begin = at + key.size();
    const std::size_t end = element.find('"', begin);
    if (end == std::string::npos) return std::nullopt;
    return element.substr(begin, end - begin);
}

std::string attribute(const std::string& svg, const std::string& marker, const std::string& name) {
    const std::size_t at = svg.find(marker);
    REQUIRE(at != std::string::npos);
    const std::size_t start = svg.rfind('<', at);
    const std::string element = svg.substr(start, svg.find('>', at) - start);
    const std::optional<std::string> value = attribute_in(element, name);
    REQUIRE(value);
    return *value;
}

std::vector<double> numbers(const std::string& text) {
    std::vector<double> out;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t used = 0;
        out.push_back(std::stod(text.substr(at), &used));
        at += used;
        while (at < text.size() && text[at] == ' ') ++at;
    }
    return out;
}

double number(const std::string& text) { return std::stod(text); }

}  // namespace

TEST_CASE("format svg with a chart: goldens for one build (box-a4) and the ranked view", "[charts]") {
    const std::vector<std::string> box = {"compare", "--catalog", k_mini, "--build",
                                          "box-a4",  "--format",  "svg",  "--chart"};
    for (const std::string chart : {"cumulative-spend", "cost-vs-hours", "breakdown"}) {
        std::vector<std::string> args = box;
        args.push_back(chart);
        check_golden("chart_box_a4_" + chart + ".svg", stdout_of(args));
    }
    check_golden("chart_all_savings.svg", stdout_of({"compare", "--catalog", k_mini, "--hours-per-week", "40",
                                                     "--format", "svg", "--chart", "savings"}));
}

TEST_CASE("the charts' data- attributes are the JSON report's figures, exactly", "[charts]") {
    const std::vector<std::string> base = {"compare",    "--catalog", k_mini,       "--build", "box-a4",
                                           "--currency", "EUR",       "--usd-rate", "0.92"};
    auto with = [&base](std::vector<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    const Json report = Json::parse(gpucost::test::json_flattened(stdout_of(with({"--format", "json"}))));
    const Json& c = report["comparisons"][0];
    const Json flows = Json::parse(
        gpucost::test::json_flattened(stdout_of({"cashflow", "--catalog", k_mini, "--build", "box-a4", "--currency",
                                                 "EUR", "--usd-rate", "0.92", "--format", "json"})));
    for (const std::string chart : {"cumulative-spend", "cost-vs-hours", "breakdown"}) {
        INFO(chart);
        const std::string svg = stdout_of(with({"--format", "svg", "--chart", chart}));
        CHECK(attribute(svg, "data-chart", "data-build-id") == c["build"]["id"]);
        CHECK(attribute(svg, "data-chart", "data-cloud-id") == c["cloud"]["id"]);
        CHECK(attribute(svg, "data-chart", "data-currency") == "EUR");
        CHECK(number(attribute(svg, "data-chart", "data-build-total")) == c["build"]["total_eur"].get<double>());
        CHECK(number(attribute(svg, "data-chart", "data-cloud-total")) == c["cloud"]["total_eur"].get<double>());
        CHECK(number(attribute(svg, "data-chart", "data-savings")) == c["savings_eur"].get<double>());
        CHECK(attribute(svg, "data-chart", "data-cheaper") == c["cheaper"]);
        CHECK(number(attribute(svg, "data-chart", "data-payback-month")) ==
              c["break_even"]["payback_month"].get<double>());
        CHECK(number(attribute(svg, "data-chart", "data-break-even-hours-per-week")) ==
              c["break_even"]["hours_per_week"].get<double>());
        CHECK(number(attribute(svg, "data-chart", "data-hours-per-week")) ==
              report["assumptions"]["hours_per_week"].get<double>());
    }
    SECTION("cumulative spend: each month's cumulative of each side, as cashflow's JSON has it") {
        const std::string svg = stdout_of(with({"--format", "svg", "--chart", "cumulative-spend"}));
        // Each side's cumulative at a month's end is its last row's cumulative that month (a side with no row in a
        // month, as the cloud in month 0, carries its cumulative).
        const int horizon = flows["comparisons"][0]["months"].get<int>();
        std::vector<double> months;
        std::vector<double> build(static_cast<std::size_t>(horizon) + 1, 0.0);
        std::vector<double> cloud(static_cast<std::size_t>(horizon) + 1, 0.0);
        for (int m = 0; m <= horizon; ++m) months.push_back(m);
        for (const Json& row : flows["rows"]) {
            const auto m = row["month"].get<std::size_t>();
            (row["side"] == "build" ? build : cloud)[m] = row["cumulative_eur"].get<double>();
        }
        for (std::size_t m = 1; m < cloud.size(); ++m) {
            if (cloud[m] == 0.0) cloud[m] = cloud[m - 1];
            if (build[m] == 0.0) build[m] = build[m - 1];
        }
        CHECK(numbers(attribute(svg, "class=\"series\" data-key=\"build\"", "data-x")) == months);
        CHECK(numbers(attribute(svg, "class=\"series\" data-key=\"build\"", "data-y")) == build);
        CHECK(numbers(attribute(svg, "class=\"series\" data-key=\"cloud\"", "data-y")) == cloud);
        CHECK(number(attribute(svg, "data-key=\"payback\"", "data-x")) ==
              c["break_even"]["payback_month"].get<double>());
    }
    SECTION("breakdown: every category of each side, as breakdown_eur has it") {
        const std::string svg = stdout_of(with({"--format", "svg", "--chart", "breakdown"}));
        for (const char* side : {"build", "cloud"}) {
            const std::size_t bar = svg.find(std::string("class=\"bar\" data-key=\"") + side + "\"");
            REQUIRE(bar != std::string::npos);
            const std::string part = svg.substr(bar, svg.find("</g>", bar) - bar);
            std::size_t n = 0;
            for (const auto& [key, value] : c[side]["breakdown_eur"].items()) {
                CHECK(number(attribute(part, "data-key=\"" + key + "\"", "data-value")) == value.get<double>());
                ++n;
            }
            std::size_t segments = 0;
            for (std::size_t at = part.find("class=\"segment\""); at != std::string::npos;
                 at = part.find("class=\"segment\"", at + 1))
                ++segments;
            CHECK(segments == n);  // no category left out, none drawn twice
        }
    }
    SECTION("cost against hours: the user's hours and the break-even marked") {
        const std::string svg = stdout_of(with({"--format", "svg", "--chart", "cost-vs-hours"}));
        CHECK(number(attribute(svg, "data-key=\"break-even\"", "data-x")) ==
              c["break_even"]["hours_per_week"].get<double>());
        CHECK(number(attribute(svg, "class=\"marker\" data-key=\"hours\"", "data-x")) ==
              report["assumptions"]["hours_per_week"].get<double>());
        CHECK(numbers(attribute(svg, "class=\"series\" data-key=\"build\"", "data-x")) == std::vector<double>{0, 168});
        // The two points of each line are the JSON's by_hours_per_week totals (in the report's currency).
        const Json& usage = c["by_hours_per_week"];
        CHECK(usage["hours_per_week"].get<std::vector<double>>() == std::vector<double>{0, 168});
        CHECK(numbers(attribute(svg, "class=\"series\" data-key=\"build\"", "data-y")) ==
              usage["build_total_eur"].get<std::vector<double>>());
        CHECK(numbers(attribute(svg, "class=\"series\" data-key=\"cloud\"", "data-y")) ==
              usage["cloud_total_eur"].get<std::vector<double>>());
    }
}

TEST_CASE("savings chart: one row per ranked build, its span what owning saves, as the JSON has it", "[charts]") {
    const Json report = Json::parse(gpucost::test::json_flattened(
        stdout_of({"compare", "--catalog", k_mini, "--hours-per-week", "40", "--format", "json"})));
    const std::string svg =
        stdout_of({"compare", "--catalog", k_mini, "--hours-per-week", "40", "--format", "svg", "--chart", "savings"});
    for (const Json& c : report["comparisons"]) {
        const std::string row = "class=\"row\" data-key=\"" + c["build"]["id"].get<std::string>() + "\"";
        const double low = number(attribute(svg, row, "data-low"));
        const double high = number(attribute(svg, row, "data-high"));
        // Owning cheaper: the bar runs from 0 right by the savings; renting cheaper: left by them.
        const double savings = c["savings_usd"].get<double>();
        const bool owning = c["cheaper"].get<std::string>() == "build";
        CHECK(low == (owning ? 0.0 : -savings));
        CHECK(high == (owning ? savings : 0.0));
    }
}

TEST_CASE("chart names: unknown and inapplicable names, a missing name, formats without charts", "[charts]") {
    const std::vector<std::string> box = {"compare", "--catalog", k_mini, "--build", "box-a4"};
    auto err = [&box](std::vector<std::string> extra) {
        std::vector<std::string> args = box;
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = run_gpucost(args);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        return r.err;
    };
    CHECK(err({"--format", "svg", "--chart", "spend"}) ==
          "gpucost: error: --chart: \"spend\" is not a chart of this report (did you mean \"cumulative-spend\"?); "
          "this report has: cumulative-spend, cost-vs-hours, breakdown\n");
    CHECK(err({"--format", "svg", "--chart", "savings"}) ==
          "gpucost: error: --chart: \"savings\" is not a chart of this report (drawn without --build); this report "
          "has: cumulative-spend, cost-vs-hours, breakdown\n");
    CHECK(err({"--format", "svg"}) == "gpucost: error: --chart: none given, and --format svg writes one chart; this "
                                      "report has: cumulative-spend, cost-vs-hours, breakdown\n");
    CHECK(err({"--format", "json", "--chart", "breakdown"}).find("--chart: goes with --format svg") !=
          std::string::npos);
    CHECK(err({"--chart", "breakdown"}) ==
          "gpucost: error: --chart: the terminal draws cumulative-spend; for breakdown use --format svg or html\n");
    const auto ranked = run_gpucost({"compare", "--catalog", k_mini, "--chart"});
    CHECK(ranked.exit_code == 2);
    CHECK(ranked.err == "gpucost: error: --chart: the terminal chart draws one comparison: name the build with "
                        "--build ID\n");
    const auto check = run_gpucost({"check", "--catalog", k_mini, "--format", "svg"});
    CHECK(check.exit_code == 2);
    CHECK(check.err == "gpucost: error: --format: svg is not available for this command\n");
    // check's page is compare's with the checks table (one gate given, box-b2 never pays back: exit 1)
    const auto page = run_gpucost({"check", "--catalog", k_mini, "--max-payback-months", "20", "--format", "html"});
    CHECK(page.exit_code == 1);
    CHECK(page.out.find("<td>max-payback-months</td><td>box-b2</td><td>b-1</td><td class=\"num\">never</td>") !=
          std::string::npos);
}

TEST_CASE("format html: one page with the verdict, charts, breakdown, assumptions, warnings, catalogue", "[charts]") {
    const std::string page = stdout_of({"compare", "--catalog", k_mini, "--build", "box-a4", "--format", "html"});
    const Json report = Json::parse(gpucost::test::json_flattened(
        stdout_of({"compare", "--catalog", k_mini, "--build", "box-a4", "--format", "json"})));
    CHECK(page.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0) == 0);
    for (const char* id : {"verdict", "charts", "breakdown", "assumptions", "warnings", "catalogue"})
        CHECK(page.find(std::string("<section id=\"") + id + "\">") != std::string::npos);
    CHECK(page.find(report["comparisons"][0]["verdict"].get<std::string>()) != std::string::npos);
    CHECK(page.find("data-chart=\"cumulative-spend\"") != std::string::npos);
    CHECK(page.find("data-chart=\"cost-vs-hours\"") != std::string::npos);
    CHECK(page.find("data-chart=\"breakdown\"") != std::string::npos);
    CHECK(page.find("as of " + report["catalog"]["as_of"].get<std::string>()) != std::string::npos);
    for (const auto& [key, origin] : report["assumption_sources"].items())
        CHECK(page.find("<td>" + key + "</td>") != std::string::npos);
    // Self-contained: nothing to fetch, nothing to run.
    for (const char* outside : {"<script", "<link", "<img", "src=", "href=", "@import", "xmlns"})
        CHECK(page.find(outside) == std::string::npos);
    for (std::size_t at = page.find("url("); at != std::string::npos; at = page.find("url(", at + 1))
        CHECK(page.compare(at + 4, 1, "#") == 0);  // only the page's own patterns
}

TEST_CASE("format html escapes catalogue text: names with markup stay text", "[charts]") {
    for (const std::string command : {"compare", "cashflow"}) {
        INFO(command);
        const std::string page = stdout_of({command, "--catalog", k_mini, "--add-catalog",
                                            "data/overlay/markup_names.json", "--build", "box-b2", "--format", "html"});
        CHECK(page.find("<script") == std::string::npos);
        CHECK(page.find("<img") == std::string::npos);
        CHECK(page.find("b.1x</title>") == std::string::npos);
        CHECK(page.find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;") != std::string::npos);
        if (command == "compare") CHECK(page.find("&lt;img src=x onerror=alert(1)&gt;") != std::string::npos);
    }
    const std::string ranked = stdout_of(
        {"compare", "--catalog", k_mini, "--add-catalog", "data/overlay/markup_names.json", "--format", "html"});
    CHECK(ranked.find("<script") == std::string::npos);
}

TEST_CASE("cashflow --format html and svg: one chart per comparison, svg needs one comparison", "[charts]") {
    const std::string page = stdout_of({"cashflow", "--catalog", k_mini, "--format", "html"});
    const Json report =
        Json::parse(gpucost::test::json_flattened(stdout_of({"cashflow", "--catalog", k_mini, "--format", "json"})));
    std::size_t charts = 0;
    for (std::size_t at = page.find("data-chart=\"cumulative-spend\""); at != std::string::npos;
         at = page.find("data-chart=\"cumulative-spend\"", at + 1))
        ++charts;
    CHECK(charts == report["comparisons"].size());
    for (const char* id : {"verdict", "charts", "breakdown", "assumptions", "warnings", "catalogue"})
        CHECK(page.find(std::string("<section id=\"") + id + "\">") != std::string::npos);
    for (const Json& c : report["comparisons"])
        CHECK(page.find("<h3>" + c["build_id"].get<std::string>() + " vs " + c["cloud_id"].get<std::string>()) !=
              std::string::npos);
    const std::string svg = stdout_of(
        {"cashflow", "--catalog", k_mini, "--build", "box-b2", "--format", "svg", "--chart", "cumulative-spend"});
    CHECK(attribute(svg, "data-chart", "data-build-id") == "box-b2");
    const auto many = run_gpucost({"cashflow", "--catalog", k_mini, "--format", "svg", "--chart", "cumulative-spend"});
    CHECK(many.exit_code == 2);
    CHECK(many.err ==
          "gpucost: error: --chart: cashflow draws one comparison's chart: name the build with --build ID\n");
}

namespace {

// Code points on the widest line of `text`.
std::size_t widest_line(const std::string& text) {
    std::size_t widest = 0;
    std::size_t n = 0;
    for (const char ch : text) {
        if (ch == '\n') {
            widest = std::max(widest, n);
            n = 0;
        } else if ((static_cast<unsigned char>(ch) & 0xC0) != 0x80) {
            ++n;
        }
    }
    return widest;
}

// The text after the table: the chart.
std::string chart_part(const std::string& out) { return out.substr(out.find("Cumulative discounted spend")); }

}  // namespace

TEST_CASE("the terminal chart: braille, as wide as the terminal, 80 piped, colour only on a terminal", "[charts]") {
    ScopedEnv no_color("NO_COLOR", nullptr);
    ScopedEnv term("TERM", "xterm");
    const std::vector<std::string> args = {"compare", "--catalog", k_mini, "--build", "box-a4", "--chart"};
    const std::string piped = stdout_of(args);
    CHECK(piped.find(stdout_of({"compare", "--catalog", k_mini, "--build", "box-a4"})) == 0);  // the table first
    const std::string chart = chart_part(piped);
    CHECK(widest_line(chart) <= 80);
    CHECK(widest_line(chart) >= 70);
    CHECK(chart.find('\x1b') == std::string::npos);
    CHECK(chart.find("\xE2\xA0") != std::string::npos);  // braille patterns U+2800..U+283F
    CHECK(chart.find("payback: month 17 of 24") != std::string::npos);
    CHECK(chart.find("own: box-a4") != std::string::npos);
    {
        ScopedEnv columns("COLUMNS", "120");
        const gpucost::Terminal terminal{true, 100};
        const std::string wide = chart_part(stdout_of(args, terminal));
        CHECK(wide.find('\x1b') != std::string::npos);  // a terminal: coloured
        const std::string plain = chart_part(
            stdout_of({"compare", "--catalog", k_mini, "--build", "box-a4", "--chart", "--color", "never"}, terminal));
        CHECK(widest_line(plain) <= 120);  // COLUMNS wins over the terminal's own width
        CHECK(widest_line(plain) >= 110);
        CHECK(stdout_of(args).find('\x1b') == std::string::npos);  // COLUMNS alone does not make a pipe a terminal
        ScopedEnv no_colour("NO_COLOR", "1");
        CHECK(stdout_of(args, terminal).find('\x1b') == std::string::npos);
    }
    {
        ScopedEnv columns("COLUMNS", nullptr);
        const std::string own =
            chart_part(stdout_of({"compare", "--catalog", k_mini, "--build", "box-a4", "--chart", "--color", "never"},
                                 gpucost::Terminal{true, 60}));
        INFO(own);
        CHECK(widest_line(own) <= 60);
        CHECK(widest_line(own) >= 50);
    }
    const std::string cash = stdout_of({"cashflow", "--catalog", k_mini, "--build", "box-a4", "--chart"});
    CHECK(chart_part(cash) == chart);  // the same chart under the cash-flow table
}

TEST_CASE("the terminal chart: its key counts in the width, long ids and 600 months included (issue 21)", "[charts]") {
    ScopedEnv no_color("NO_COLOR", nullptr);
    ScopedEnv columns("COLUMNS", nullptr);
    // The shipped catalogue's longest ids: the one-line key would be 90-odd columns; it was drawn so (84-85 wide).
    for (const char* build : {"hgx-h100-thinkmate-2024", "dgx-h100-2023"}) {
        INFO(build);
        for (const char* months : {"36", "600"}) {
            const std::string chart =
                chart_part(stdout_of({"compare", "--build", build, "--months", months, "--chart", "--color", "never"}));
            INFO(chart);
            CHECK(widest_line(chart) <= 80);
            CHECK(chart.find(std::string("own: ") + build) != std::string::npos);
            CHECK(chart.find("rent: ") != std::string::npos);
        }
        const std::string narrow = chart_part(
            stdout_of({"compare", "--build", build, "--chart", "--color", "never"}, gpucost::Terminal{true, 50}));
        CHECK(widest_line(narrow) <= 50);
    }
}

TEST_CASE("docs/output.md's chart table names every chart each command draws, simulate's included (issue 21)",
          "[charts]") {
    const std::string doc = gpucost::test::read_file(std::string(GPUCOST_SOURCE_DIR) + "/docs/output.md");
    CHECK(doc.find("has no picture") == std::string::npos);  // it said so of simulate, which draws a histogram
    // Each command's own list of its charts: the usage error of --format svg without --chart.
    const std::vector<std::vector<std::string>> commands = {
        {"compare", "--catalog", k_mini, "--build", "box-a4"},
        {"compare", "--catalog", k_mini},
        {"simulate", "--catalog", "data/ranges_catalog.json", "--build", "box-a4", "--draws", "100"},
        {"sensitivity", "--catalog", "data/ranges_catalog.json", "--build", "box-a4"},
        {"rank", "--catalog", "data/match_catalog.json", "--workload", "llm-infer"}};
    for (std::vector<std::string> args : commands) {
        args.insert(args.end(), {"--format", "svg"});
        const auto r = run_gpucost(args);
        INFO(args.front() << ": " << r.err);
        // "... this report has: a, b, c", or for a report of one chart "... add --chart NAME".
        const bool many = r.err.find("has: ") != std::string::npos;
        const std::string marker = many ? "has: " : "add --chart ";
        const std::size_t at = r.err.find(marker);
        REQUIRE(at != std::string::npos);
        std::string names = r.err.substr(at + marker.size());
        names = names.substr(0, names.find('\n'));
        for (std::size_t start = 0; start <= names.size();) {
            const std::size_t end = std::min(names.find(", ", start), names.size());
            const std::string name = names.substr(start, end - start);
            INFO("chart " << name);
            CHECK(doc.find("| `" + name + "` |") != std::string::npos);
            start = end + 2;
        }
    }
}

namespace {

const std::string k_ranges = "data/ranges_catalog.json";

// Every number of a data- attribute list, in document order, of elements carrying `marker`.
std::vector<double> all_of(const std::string& svg, const std::string& marker, const std::string& name) {
    std::vector<double> out;
    for (std::size_t at = svg.find(marker); at != std::string::npos; at = svg.find(marker, at + 1)) {
        const std::size_t start = svg.rfind('<', at);
        const std::string element = svg.substr(start, svg.find('>', at) - start);
        if (const std::optional<std::string> value = attribute_in(element, name)) out.push_back(number(*value));
    }
    return out;
}

}  // namespace

TEST_CASE("sensitivity --chart tornado: each input's span, as the JSON's saves at its ends", "[charts]") {
    const std::vector<std::string> base = {"sensitivity", "--catalog", k_ranges, "--build", "box-a4"};
    auto with = [&base](std::vector<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    const Json report = Json::parse(gpucost::test::json_flattened(stdout_of(with({"--format", "json"}))));
    const std::string svg = stdout_of(with({"--format", "svg", "--chart", "tornado"}));
    check_golden("chart_box_a4_tornado.svg", svg);
    const Json& c = report["comparisons"][0];
    CHECK(number(attribute(svg, "data-chart", "data-point-owning-saves")) == c["point_owning_saves_usd"].get<double>());
    REQUIRE(c["tornado"].size() > 1);
    for (const Json& t : c["tornado"]) {
        const std::string row = "class=\"row\" data-key=\"" + t["address"].get<std::string>() + "\"";
        const double at_low = t["owning_saves_at_low_usd"].get<double>();
        const double at_high = t["owning_saves_at_high_usd"].get<double>();
        CHECK(number(attribute(svg, row, "data-low")) == std::min(at_low, at_high));
        CHECK(number(attribute(svg, row, "data-high")) == std::max(at_low, at_high));
    }
    const std::string page = stdout_of(with({"--format", "html"}));
    for (const char* id : {"verdict", "charts", "breakdown", "assumptions", "warnings", "catalogue"})
        CHECK(page.find(std::string("<section id=\"") + id + "\">") != std::string::npos);
    CHECK(page.find("data-chart=\"tornado\"") != std::string::npos);
    const auto many = run_gpucost({"sensitivity", "--catalog", k_ranges, "--format", "svg", "--chart", "tornado"});
    CHECK(many.exit_code == 2);
    CHECK(many.err ==
          "gpucost: error: --chart: sensitivity draws one comparison's chart: name the build with --build ID\n");
    const auto table = run_gpucost(with({"--chart", "tornado"}));
    CHECK(table.exit_code == 2);
    CHECK(table.err.find("--chart: goes with --format svg here") != std::string::npos);
    const auto wrong = run_gpucost(with({"--format", "svg", "--chart", "sweep"}));
    CHECK(wrong.err == "gpucost: error: --chart: \"sweep\" is not a chart of this report; this report has: tornado\n");
}

TEST_CASE("simulate --chart histogram: bins, counts and percentiles as the JSON has them", "[charts]") {
    const std::vector<std::string> base = {"simulate", "--catalog", k_ranges, "--build", "box-a4", "--draws", "20000"};
    auto with = [&base](std::vector<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    const Json report = Json::parse(gpucost::test::json_flattened(stdout_of(with({"--format", "json"}))));
    const std::string svg = stdout_of(with({"--format", "svg", "--chart", "histogram"}));
    check_golden("chart_box_a4_histogram.svg", svg);
    const Json& c = report["comparisons"][0];
    const Json& h = c["histogram"];
    CHECK(number(attribute(svg, "data-chart", "data-underflow")) == h["underflow"].get<double>());
    CHECK(number(attribute(svg, "data-chart", "data-overflow")) == h["overflow"].get<double>());
    CHECK(number(attribute(svg, "data-chart", "data-p-build-cheaper")) == c["p_build_cheaper"].get<double>());
    // Every bar, in order: its edges and its count are the JSON's.
    std::size_t at = 0;
    std::uint64_t total = h["underflow"].get<std::uint64_t>() + h["overflow"].get<std::uint64_t>();
    for (std::size_t i = 0; i < h["counts"].size(); ++i) {
        at = svg.find("class=\"bin\"", at + 1);
        REQUIRE(at != std::string::npos);
        const std::string bar = svg.substr(at, svg.find('>', at) - at);
        const auto value = [&bar](const char* name) {
            const std::optional<std::string> v = attribute_in(bar, name);
            REQUIRE(v);
            return number(*v);
        };
        CHECK(value("data-low") == h["edges"][i].get<double>());
        CHECK(value("data-high") == h["edges"][i + 1].get<double>());
        CHECK(value("data-count") == h["counts"][i].get<double>());
        total += h["counts"][i].get<std::uint64_t>();
    }
    CHECK(svg.find("class=\"bin\"", at + 1) == std::string::npos);
    CHECK(total == 20000);
    for (const char* q : {"p10", "p50", "p90"}) {
        const std::string marker = std::string("class=\"marker\" data-key=\"") + q + "\"";
        CHECK(number(attribute(svg, marker, "data-x")) == c["owning_saves_usd"][q].get<double>());
    }
    CHECK(svg.find("<title") != std::string::npos);
    CHECK(svg.find("<desc") != std::string::npos);
    const std::string page = stdout_of(with({"--format", "html"}));
    for (const char* id : {"verdict", "charts", "breakdown", "assumptions", "warnings", "catalogue"})
        CHECK(page.find(std::string("<section id=\"") + id + "\">") != std::string::npos);
    CHECK(page.find("data-chart=\"histogram\"") != std::string::npos);
    CHECK(page.find("payback month if sold") != std::string::npos);
    const auto many = run_gpucost({"simulate", "--catalog", k_ranges, "--format", "svg", "--chart", "histogram"});
    CHECK(many.exit_code == 2);
    CHECK(many.err ==
          "gpucost: error: --chart: simulate draws one comparison's chart: name the build with --build ID\n");
    const auto wrong = run_gpucost(with({"--format", "svg", "--chart", "tornado"}));
    CHECK(wrong.err ==
          "gpucost: error: --chart: \"tornado\" is not a chart of this report; this report has: histogram\n");
}

TEST_CASE("sweep --chart sweep: a grid map over two addresses and lines over one, as the JSON's rows", "[charts]") {
    const std::vector<std::string> map = {
        "sweep",  "--catalog",    k_ranges, "--build", "box-a4", "--vary", "hours_per_week=0:168:42",
        "--vary", "years=1:3:0.5"};
    auto with = [](std::vector<std::string> args, std::vector<std::string> extra) {
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    const Json grid = Json::parse(gpucost::test::json_flattened(stdout_of(with(map, {"--format", "json"}))));
    const std::string svg = stdout_of(with(map, {"--format", "svg", "--chart", "sweep"}));
    std::vector<double> z;
    std::vector<double> x;
    std::vector<double> y;
    for (const Json& row : grid["comparisons"][0]["rows"]) {
        z.push_back(row["owning_saves_usd"].get<double>());
        y.push_back(row["hours_per_week"].get<double>());  // the first address: rows
        x.push_back(row["years"].get<double>());           // the second: columns
    }
    CHECK(all_of(svg, "class=\"cell\"", "data-z") == z);
    CHECK(all_of(svg, "class=\"cell\"", "data-x") == x);
    CHECK(all_of(svg, "class=\"cell\"", "data-y") == y);
    const std::vector<std::string> line = {
        "sweep", "--catalog", k_ranges, "--build", "box-a4", "--vary", "hours_per_week=0:168:24"};
    const Json one = Json::parse(gpucost::test::json_flattened(stdout_of(with(line, {"--format", "json"}))));
    const std::string lines = stdout_of(with(line, {"--format", "svg", "--chart", "sweep"}));
    std::vector<double> build;
    std::vector<double> cloud;
    for (const Json& row : one["comparisons"][0]["rows"]) {
        build.push_back(row["build_total_usd"].get<double>());
        cloud.push_back(row["cloud_total_usd"].get<double>());
    }
    CHECK(numbers(attribute(lines, "class=\"series\" data-key=\"build\"", "data-y")) == build);
    CHECK(numbers(attribute(lines, "class=\"series\" data-key=\"cloud\"", "data-y")) == cloud);
    const std::string page = stdout_of(with(map, {"--format", "html"}));
    CHECK(page.find("data-chart=\"sweep\"") != std::string::npos);
    CHECK(page.find("<section id=\"breakdown\">") != std::string::npos);
}

// A --chart name a report does not draw, or none with --format svg (issue 19): every command that writes one SVG
// chart says so in one wording, naming the flag, the value and the charts it has, with exit 2 and nothing on stdout.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "test_support.hpp"

using gpucost::test::run_gpucost;

namespace {

struct Command {
    std::vector<std::string> args;  // the command and its inputs, without --format or --chart
    std::string charts;             // the charts its report has, as the error lists them
};

std::string chart_error(std::vector<std::string> args, const std::vector<std::string>& extra) {
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run_gpucost(args);
    INFO(args.front());
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    return r.err;
}

}  // namespace

TEST_CASE("chart errors: one wording on every command for a --chart name its report does not draw", "[charts]") {
    const std::string mini = "data/mini_catalog.json";
    const std::string ranges = "data/ranges_catalog.json";
    const std::vector<Command> commands = {
        {{"compare", "--catalog", mini, "--build", "box-a4"}, "cumulative-spend, cost-vs-hours, breakdown"},
        {{"compare", "--catalog", mini}, "savings"},
        {{"cashflow", "--catalog", mini, "--build", "box-a4"}, "cumulative-spend"},
        {{"rank", "--catalog", "data/match_catalog.json", "--workload", "llm-infer"}, "rank"},
        {{"plan", "--catalog", mini, "--build", "box-a4", "--step", "13=8"}, "capacity, cumulative-spend"},
        {{"sensitivity", "--catalog", ranges, "--build", "box-a4"}, "tornado"},
        {{"sweep", "--catalog", ranges, "--build", "box-a4", "--vary", "hours_per_week=0:168:24"}, "sweep"},
        {{"simulate", "--catalog", ranges, "--build", "box-a4", "--draws", "100"}, "histogram"},
    };
    for (const Command& c : commands) {
        // "pie" is no chart of any command and close to none of their names: no "did you mean".
        CHECK(chart_error(c.args, {"--format", "svg", "--chart", "pie"}) ==
              "gpucost: error: --chart: \"pie\" is not a chart of this report; this report has: " + c.charts + "\n");
        CHECK(chart_error(c.args, {"--format", "svg"}) ==
              "gpucost: error: --chart: none given, and --format svg writes one chart; this report has: " + c.charts +
                  "\n");
    }
    // A name one edit or so from one of the report's charts is suggested; a chart of the other compare view is
    // said to be drawn there.
    const std::vector<std::string> plan = commands[4].args;
    CHECK(chart_error(plan, {"--format", "svg", "--chart", "capacty"}) ==
          "gpucost: error: --chart: \"capacty\" is not a chart of this report (did you mean \"capacity\"?); this "
          "report has: capacity, cumulative-spend\n");
    CHECK(chart_error(commands[1].args, {"--format", "svg", "--chart", "breakdown"}) ==
          "gpucost: error: --chart: \"breakdown\" is not a chart of this report (drawn with --build ID); this report "
          "has: savings\n");
}

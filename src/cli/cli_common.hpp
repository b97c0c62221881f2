// Pieces every subcommand shares: the catalogue and assumption flags, formats, messages.
// Private to the CLI layer: the only place besides cli.cpp that includes CLI11.
#pragma once

#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "gpucost/cli.hpp"
#include "gpucost/engine/matching.hpp"
#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/report/uncertainty.hpp"
#include "gpucost/util/date.hpp"
#include "gpucost/util/error.hpp"

namespace gpucost::cli {

// Where a command writes results (`out`) and diagnostics (`err`), and what main() knows about the terminal.
struct Io {
    std::ostream& out;
    std::ostream& err;
    Terminal terminal;
};

// A subcommand: its CLI11 app, and what to run when it is the one parsed.
struct Command {
    CLI::App* app = nullptr;
    std::function<int(const Io& io)> run;
};

// Throws UsageError when the command got arguments it does not know.
void reject_extras(const CLI::App& command);

// The Command for a subcommand whose options CLI11 fills in: once parsed, arguments it does not know are
// rejected (with a "did you mean"), then `run` gets the options.
template <typename Options>
Command command_for(CLI::App* app, std::shared_ptr<Options> options, int (*run)(const Options&, const Io&)) {
    return {app, [app, options, run](const Io& io) {
                reject_extras(*app);
                return run(*options, io);
            }};
}

// One file a command reads, with the flag (or argument) that names it: {"--catalog", "mine.json"}.
struct InputFile {
    std::string flag;
    std::string path;
};

// The exit codes, as --help prints them.
extern const char* const k_exit_codes_help;

// Flags that choose the catalogue: --catalog FILE, then --add-catalog FILE overlays in order.
struct CatalogOptions {
    std::string catalog;
    std::vector<std::string> add_catalog;
};
void add_catalog_options(CLI::App& command, CatalogOptions& options);
// Loads the catalogue the options name (the embedded one by default), merges each --add-catalog over it,
// and prints every file's warnings to `err`; with `user_offers`, fills it with the offers of the user's own files
// (load_catalog() of api.hpp). Throws DataError / ValidationError naming the file at fault.
Catalog load_catalog(const CatalogOptions& options, std::ostream& err,
                     std::map<std::string, std::string>* user_offers = nullptr);
// The files --catalog and --add-catalog name, for refuse_output_onto_inputs.
std::vector<InputFile> catalog_inputs(const CatalogOptions& options);
// Those and the --scenario file: what a command that compares reads.
struct ScenarioOptions;
std::vector<InputFile> report_inputs(const CatalogOptions& catalog, const ScenarioOptions& scenario);

// Today for catalogue ages: GPUCOST_TODAY=YYYY-MM-DD when set (tests pin it), else the system clock (UTC).
// Throws UsageError when GPUCOST_TODAY is not a date.
Date today();

// --max-age-days N: figures older than N days become warnings.
struct FreshnessOptions {
    std::string max_age_days;
    const CLI::Option* option = nullptr;
};
void add_freshness_option(CLI::App& command, FreshnessOptions& options);
// The limit, if given; throws UsageError unless it is a whole number in [0, 36500].
std::optional<int> max_age_days(const FreshnessOptions& options);

// --quiet: warnings are dropped; errors (and check's failed gates) still reach stderr.
struct QuietOption {
    bool quiet = false;
};
void add_quiet_option(CLI::App& command, QuietOption& option);
// Where warnings go: `io.err`, or nowhere under --quiet.
std::ostream& warnings(const QuietOption& option, const Io& io);

// --format for commands that print a report.
struct FormatOptions {
    std::string format = "table";
    const CLI::Option* option = nullptr;  // to tell the default from --format given
};
void add_format_option(CLI::App& command, FormatOptions& options, const std::string& choices = "table, json or csv");
// Throws UsageError naming the valid formats.
Format parse_format(const std::string& text);
// Like parse_format, and also "markdown", "html" and "svg" (for the report commands of report_command.hpp; the
// render dispatcher refuses a format a model lacks).
Format parse_report_format(const std::string& text);

// -o/--output FILE: write the result there instead of to stdout (docs/output.md, "--output and stdout").
struct OutputOptions {
    std::string output;  // "" (not given) or "-": stdout; an empty value given is a usage error at parsing
};
void add_output_option(CLI::App& command, OutputOptions& options);
// The format to write: --format when given, else the one --output FILE's extension names (".json", ".md", ".txt"
// for the table: docs/output.md), else the table. `parse` is the command's format list (parse_format or
// parse_report_format); an extension outside it names none. Throws UsageError for a bad --format, or one that
// conflicts with the extension.
Format output_format(const FormatOptions& format, const OutputOptions& output, Format (*parse)(const std::string&));
// Throws UsageError when --output FILE is one of the command's own inputs (the same file by device and inode,
// however spelt or linked), so that a command never replaces what it reads; called before anything is read.
void refuse_output_onto_inputs(const OutputOptions& output, const std::vector<InputFile>& inputs);
// True when the result goes to stdout: no --output, or --output -.
bool writes_to_stdout(const OutputOptions& options);
// Flushes `out` and throws OutputError "stdout: cannot write: <reason>" (exit 4) when any write to it failed.
void check_stdout(std::ostream& out);
// Writes the whole text to stdout (checked as check_stdout does), or to --output FILE by write_output_file's
// rules, printing its warnings to `warn`. Throws OutputError (exit 4) when the text cannot be written.
void write_result(const OutputOptions& options, const std::string& text, std::ostream& out, std::ostream& warn);

// How the report commands (report_command.hpp) show a model: --format, --output, --currency, --usd-rate, --color,
// --quiet.
struct ReportOutputOptions {
    FormatOptions format;
    OutputOptions output;
    QuietOption quiet;
    std::string currency;  // "" = USD
    std::string usd_rate;
    std::string color = "auto";
    bool wide = false;  // --wide: the table shows every column and wraps no line
    const CLI::Option* usd_rate_option = nullptr;
};
void add_report_output_options(CLI::App& command, ReportOutputOptions& options,
                               const std::string& formats = "table, json, csv or markdown");
// The formats of commands that draw charts (compare, cashflow), for add_report_output_options.
extern const char* const k_chart_formats;
// The same with xlsx, the workbook of one comparison (compare, cashflow) or of the plan (plan).
extern const char* const k_workbook_formats;

// --chart [NAME] (compare, cashflow): with --format svg, the chart to write; with the table format, the
// cumulative-spend chart drawn in the terminal under the table (NAME may be left out).
struct ChartOption {
    std::string chart;
    const CLI::Option* option = nullptr;
    bool terminal = true;  // the table format draws a chart in the terminal
};
void add_chart_option(CLI::App& command, ChartOption& option);
// --chart NAME for commands whose one chart is `name` (sensitivity: tornado, sweep: sweep), with --format svg only.
void add_svg_chart_option(CLI::App& command, ChartOption& option, const std::string& name);

struct ReportOutput {
    Format format = Format::table;
    RenderOptions render;
};
// The format, currency, colour and width asked for. Colour is on with --color always, or with auto (the default)
// when stdout is a terminal, --output is not given, NO_COLOR is unset or empty and TERM is not "dumb". The width the
// table fits (render.columns): 80 when stdout is not a terminal or --output is given; else COLUMNS when it is a
// number in 20..1000, else the terminal's own; --wide sets render.wide.
// Throws UsageError for a bad format, currency code, rate or colour choice.
ReportOutput report_output(const ReportOutputOptions& options, const Io& io);
// The same, with --chart: the chart name (cumulative-spend when left out with the table format).
// Throws UsageError for --chart with a format that draws none.
ReportOutput report_output(const ReportOutputOptions& options, const ChartOption& chart, const Io& io);

// How offers are matched to builds (issue 12), as typed: --match, --tier, --workload, the requirement flags
// --min-vram-gb, --min-fp64-tflops, --min-interconnect, --min-gpus-per-instance, and --verbose.
struct MatchFlags {
    std::string match;  // like-for-like, gpu or any; "" = the scenario's, else like-for-like
    std::string tier;   // a comma list of tiers; "" = every tier
    std::string workload;
    std::string min_vram_gb;
    std::string min_fp64_tflops;
    std::string min_interconnect;
    std::string min_gpus_per_instance;
    std::string require;   // a comma list of compliance attributes; "" = none
    bool verbose = false;  // every build and offer left out, with its reason, on stderr
};
// Adds the match and requirement flags (and --verbose) to `command`, in the "Matching" help group.
void add_match_options(CLI::App& command, MatchFlags& flags);
// The flags as a request: a field is empty where its flag is not given. Throws UsageError listing every bad flag.
MatchRequest match_request(const MatchFlags& flags);
// The flags over the match keys of a --scenario FILE ("" = none), key by key. Throws UsageError for a bad flag,
// DataError / ValidationError for an unreadable or invalid scenario.
MatchRequest match_request(const MatchFlags& flags, const std::string& scenario_file);
// The engine's options for the flags over the scenario (match_options() of report/match_words.hpp: the workload
// resolved in `catalog`, which must outlive them; no --region/--provider filters). Throws as match_request() does,
// DataError for an unknown workload and UsageError for --match any without --workload.
MatchOptions resolve_match_options(const Catalog& catalog, const MatchFlags& flags,
                                   const std::string& scenario_file = "");
// One "gpucost: note: left out ..." line per build and offer in `excluded` ("... for build B" when an offer was
// left out for one build) with --verbose; without it, one per offer of the user's own files (`user_offers`: id ->
// file, as load_catalog() fills it) alone. An offer of the user's files also names its file and the field or
// flag that would admit it (docs/matching.md).
void print_exclusions(std::ostream& err, const MatchFlags& flags, const std::vector<Excluded>& excluded,
                      const Catalog& catalog, const std::map<std::string, std::string>& user_offers);
// One note when `unnamed` offers of the user's own files were left out past `most_named` named `per` ("a build";
// rank, which judges each offer once: "in all").
void print_unnamed_offers(std::ostream& err, std::int64_t unnamed, std::int64_t most_named,
                          std::string_view per = "a build");

// What to compare: --build, --cloud and every assumption flag, as typed.
struct ScenarioOptions {
    std::string build;
    std::string cloud;
    std::string region;        // "" = any
    std::string backup_offer;  // "" = the cheapest like-for-like on-demand offer
    std::string provider;      // "" = any
    std::string scenario;      // --scenario FILE; "" = none
    MatchFlags match;          // --match, --tier, --workload, the --min-* requirements, --verbose
    std::string months;
    const CLI::Option* months_option = nullptr;
    std::map<AssumptionKey, std::string> assumptions;
    std::map<AssumptionKey, const CLI::Option*> given;  // to tell a flag left out from one set to ""
};
void add_scenario_options(CLI::App& command, ScenarioOptions& options);
// While one lives (on this thread), the options of the report commands' shared groups (the catalogue, output,
// scenario and match flags, and the assumption flags) are registered only where a word names them
// ("--hours-per-week", "--hours-per-week=40", "-o" or "-qo"), and --years and --months always: the lone-command
// tree's shortcut (command_tree.hpp), for CLI11 spends about 19 K instructions on each option it registers (it
// compares each new one's names with every earlier one's). An option left out is given as the scope's stand-in, an
// option of a scratch app that no word reaches: never given, so `count()` is 0, and what a caller chains onto it
// (a type name, a check) lands there. A parse with it stands only when it leaves no word unknown, since the
// unknown-flag message suggests from every flag; the parse of the words is otherwise the same, as no word names a
// flag left out. The stand-in lives until the next scope begins on this thread (one run's options read it after the
// parse).
class NamedFlagsOnly {
public:
    explicit NamedFlagsOnly(const std::vector<std::string>& words);
    ~NamedFlagsOnly();
    NamedFlagsOnly(const NamedFlagsOnly&) = delete;
    NamedFlagsOnly& operator=(const NamedFlagsOnly&) = delete;

    // Whether the option of `names` ("-o,--output") is left out: a scope lives and no word names it.
    static bool left_out(std::string_view names);
    // The option a left-out one is given as (only while a scope lives).
    static CLI::Option* stand_in();

private:
    const std::vector<std::string>* m_previous;
};

// command.add_option(names, variable, description), or the stand-in when NamedFlagsOnly leaves it out.
template <typename T>
CLI::Option* add_named_option(CLI::App& command, const std::string& names, T& variable,
                              const std::string& description) {
    if (NamedFlagsOnly::left_out(names)) return NamedFlagsOnly::stand_in();
    return command.add_option(names, variable, description);
}
// command.add_flag(names, variable, description), or the stand-in when NamedFlagsOnly leaves it out.
template <typename T>
CLI::Option* add_named_flag(CLI::App& command, const std::string& names, T& variable, const std::string& description) {
    if (NamedFlagsOnly::left_out(names)) return NamedFlagsOnly::stand_in();
    return command.add_flag(names, variable, description);
}
// The assumption flags as a layer (origin "flag"); throws UsageError listing every bad flag.
AssumptionLayer flag_layer(const ScenarioOptions& options);
// The comparison the flags ask for, over the --scenario file if any (flags win key by key).
// Throws UsageError for bad flags, DataError / ValidationError for an unreadable or invalid scenario.
ComparisonRequest comparison_request(const ScenarioOptions& options);

// --range ADDRESS=LOW:HIGH[:MODE] (repeatable) and --range-dist, for sensitivity, sweep, simulate and check.
struct RangeOptions {
    std::vector<std::string> ranges;
    std::string dist;
    const CLI::Option* dist_option = nullptr;
};
void add_range_options(CLI::App& command, RangeOptions& options);
// The flags' ranges (origin "flag"), in order. Throws UsageError naming the flag for a bad address, number, dist,
// low > high, a mode outside [low, high] or a value outside the input's valid range.
std::vector<RangeEntry> flag_ranges(const RangeOptions& options);

// --draws N and --seed S, as typed.
struct SimulationFlags {
    std::string draws = "100000";
    std::string seed = "1";
};
void add_simulation_options(CLI::App& command, SimulationFlags& options, const char* group);
// Throws UsageError for draws outside [1, k_max_draws] or a seed that is not a whole number in [0, 2^53].
SimulationOptions simulation_options(const SimulationFlags& options);

// One diagnostic line: "gpucost: <kind>: <message>" (kind: "warning", "error"), the one place the prefix is written.
void print_line(std::ostream& err, std::string_view kind, std::string_view message);
// The last steps of every command that prints a model: the model's warnings to `warn` (one line each), then the
// text to stdout or --output. Throws OutputError when the file cannot be written.
void finish(const OutputOptions& output, const std::string& text, const std::vector<std::string>& warnings,
            std::ostream& warn, const Io& io);

// One line per problem: "gpucost: <kind>: <file>: <path>: <message>".
void print_problems(std::ostream& err, const char* kind, const std::string& file, const std::vector<Problem>& problems);
// "unknown option "--x" (did you mean "--y"?); see 'gpucost compare --help'".
std::string unknown_argument_message(const std::vector<std::string>& extras, const CLI::App& command);
// Subcommands, each in its own file.
Command add_compare_command(CLI::App& app);
Command add_catalog_command(CLI::App& app);
Command add_check_command(CLI::App& app);
Command add_cashflow_command(CLI::App& app);
Command add_init_command(CLI::App& app);
Command add_completion_command(CLI::App& app);
Command add_manpage_command(CLI::App& app);
Command add_sensitivity_command(CLI::App& app);
Command add_sweep_command(CLI::App& app);
Command add_simulate_command(CLI::App& app);
Command add_rank_command(CLI::App& app);
Command add_plan_command(CLI::App& app);
Command add_diff_command(CLI::App& app);
Command add_export_rates_command(CLI::App& app);
Command add_complete_command(CLI::App& app);

}  // namespace gpucost::cli

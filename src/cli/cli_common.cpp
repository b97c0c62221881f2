#include "cli_common.hpp"

#include <algorithm>
#include <cstdlib>
#include <ostream>
#include <streambuf>
#include <string_view>

#include <fmt/format.h>

#include "gpucost/api.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/scenario_json.hpp"
#include "gpucost/model/scenario.hpp"
#include "gpucost/util/files.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::cli {

const char* const k_exit_codes_help =
    "Exit codes:\n"
    "  0  success\n"
    "  1  gpucost check: a budget gate failed (used by no other command)\n"
    "  2  usage error: unknown flag, bad value, value out of range\n"
    "  3  data error: catalogue unreadable or invalid, unknown build or offer, no offer to compare with\n"
    "  4  the output could not be written\n"
    " 70  internal error (a bug: please report it)\n";

namespace {
constexpr const char* k_assumption_group = "Assumptions (default: the catalogue's)";
constexpr int k_max_months = 600;  // 50 years, the longest --years allows
}  // namespace

void add_catalog_options(CLI::App& command, CatalogOptions& options) {
    command.add_option("--catalog", options.catalog, "read this catalogue file instead of the embedded one")
        ->type_name("FILE");
    command
        .add_option("--add-catalog", options.add_catalog,
                    "merge this file over the catalogue (same id replaces, new ids add; repeatable)")
        ->type_name("FILE");
}

Catalog load_catalog(const CatalogOptions& options, std::ostream& err) {
    return load_catalog(CatalogFiles{options.catalog, options.add_catalog},
                        [&err](const std::string& file, const std::vector<Problem>& warnings) {
                            print_problems(err, "warning", file, warnings);
                        });
}

Date today() {
    const char* pinned = std::getenv("GPUCOST_TODAY");
    if (pinned == nullptr || *pinned == '\0') return system_today();
    const auto date = parse_date(pinned);
    if (!date || std::string_view(pinned).size() != 10)
        throw UsageError(fmt::format("GPUCOST_TODAY: must be a date YYYY-MM-DD, got {}; unset it to use the clock",
                                     quote_value(pinned)));
    return *date;
}

void add_freshness_option(CLI::App& command, FreshnessOptions& options) {
    options.option = command
                         .add_option("--max-age-days", options.max_age_days,
                                     "warn about figures whose as_of is more than N days old, [0, 36500]")
                         ->type_name("N");
}

std::optional<int> max_age_days(const FreshnessOptions& options) {
    if (options.option == nullptr || options.option->count() == 0) return std::nullopt;
    constexpr int k_max_days = 36500;  // a century: a larger limit is a typo, not a policy
    const auto days = parse_number(options.max_age_days);
    if (!days || *days < 0 || *days > k_max_days || *days != static_cast<double>(static_cast<int>(*days)))
        throw UsageError(fmt::format("--max-age-days: must be a whole number of days in [0, {}], got {}", k_max_days,
                                     quote_value(options.max_age_days)));
    return static_cast<int>(*days);
}

namespace {

// A stream that drops everything written to it: where warnings go under --quiet.
class DiscardBuffer : public std::streambuf {
protected:
    int overflow(int c) override { return traits_type::not_eof(c); }
    std::streamsize xsputn(const char*, std::streamsize count) override { return count; }
};

constexpr double k_max_usd_rate = 1e9;  // more units per dollar than any currency has needed; keeps figures finite

}  // namespace

void add_quiet_option(CLI::App& command, QuietOption& option) {
    command.add_flag("-q,--quiet", option.quiet, "print no warnings (errors still go to stderr)");
}

std::ostream& warnings(const QuietOption& option, const Io& io) {
    static DiscardBuffer discard_buffer;
    static std::ostream discard(&discard_buffer);
    return option.quiet ? discard : io.err;
}

void add_format_option(CLI::App& command, FormatOptions& options, const std::string& choices) {
    command.add_option("--format", options.format, fmt::format("{} (default: table)", choices))->type_name("FORMAT");
}

Format parse_format(const std::string& text) {
    if (text == "table") return Format::table;
    if (text == "json") return Format::json;
    if (text == "csv") return Format::csv;
    throw UsageError(fmt::format("--format: must be one of table, json, csv, got {}{}", quote_value(text),
                                 did_you_mean(text, {"table", "json", "csv"})));
}

Format parse_report_format(const std::string& text) {
    if (text == "markdown") return Format::markdown;
    if (text == "table" || text == "json" || text == "csv") return parse_format(text);
    throw UsageError(fmt::format("--format: must be one of table, json, csv, markdown, got {}{}", quote_value(text),
                                 did_you_mean(text, {"table", "json", "csv", "markdown"})));
}

void add_output_option(CLI::App& command, OutputOptions& options) {
    command
        .add_option("--output", options.output,
                    "write the result to FILE (atomically: a reader never sees half a file) instead of stdout")
        ->type_name("FILE");
}

void write_result(const OutputOptions& options, const std::string& text, std::ostream& out) {
    if (options.output.empty())
        out << text;
    else
        write_file_atomically(options.output, text);
}

void add_report_output_options(CLI::App& command, ReportOutputOptions& o) {
    add_format_option(command, o.format, "table, json, csv or markdown");
    add_output_option(command, o.output);
    command
        .add_option("--currency", o.currency,
                    "show every computed money figure in this ISO 4217 currency (needs --usd-rate; default: USD)")
        ->type_name("CODE");
    o.usd_rate_option =
        command.add_option("--usd-rate", o.usd_rate, "units of --currency for one US dollar, > 0 (never fetched)")
            ->type_name("X");
    command
        .add_option("--color,--colour", o.color,
                    "colour and bold in the table: auto (a terminal, unless NO_COLOR is set), always or never")
        ->type_name("WHEN");
    add_quiet_option(command, o.quiet);
}

namespace {

Currency currency_for(const ReportOutputOptions& o) {
    Currency currency;
    const bool rate_given = o.usd_rate_option != nullptr && o.usd_rate_option->count() > 0;
    if (o.currency.empty()) {
        if (rate_given)
            throw UsageError("--usd-rate: needs --currency CODE, the currency the rate converts US dollars to");
        return currency;
    }
    std::string code = o.currency;
    const bool letters = code.size() == 3 && std::all_of(code.begin(), code.end(), [](char c) {
                             return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
                         });
    if (!letters)
        throw UsageError(fmt::format("--currency: must be a three-letter ISO 4217 code such as EUR, GBP or JPY, got {}",
                                     quote_value(o.currency)));
    for (char& c : code) c = static_cast<char>(c >= 'a' ? c - 'a' + 'A' : c);
    currency.code = code;
    if (!rate_given) {
        if (code == "USD") return currency;
        throw UsageError(fmt::format("--currency {}: needs --usd-rate X, how many {} one US dollar buys "
                                     "(gpucost never fetches exchange rates)",
                                     code, code));
    }
    const auto rate = parse_number(o.usd_rate);
    if (!rate || !(*rate > 0.0) || *rate > k_max_usd_rate)
        throw UsageError(fmt::format("--usd-rate: must be a number of {} per US dollar in (0, 1e9], got {}", code,
                                     quote_value(o.usd_rate)));
    if (code == "USD" && *rate != 1.0)
        throw UsageError(fmt::format("--usd-rate: must be 1 with --currency USD, got {}", quote_value(o.usd_rate)));
    currency.per_usd = *rate;
    return currency;
}

bool colour_for(const ReportOutputOptions& o, const Io& io) {
    if (o.color == "always") return true;
    if (o.color == "never") return false;
    if (o.color != "auto")
        throw UsageError(fmt::format("--color: must be one of auto, always, never, got {}{}", quote_value(o.color),
                                     did_you_mean(o.color, {"auto", "always", "never"})));
    const char* no_color = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");
    return io.terminal.stdout_is_terminal && o.output.output.empty() && (no_color == nullptr || *no_color == '\0') &&
           !(term != nullptr && std::string_view(term) == "dumb");
}

}  // namespace

ReportOutput report_output(const ReportOutputOptions& o, const Io& io) {
    ReportOutput r;
    r.format = parse_report_format(o.format.format);
    r.render.currency = currency_for(o);
    r.render.colour = colour_for(o, io);
    return r;
}

void add_scenario_options(CLI::App& command, ScenarioOptions& o) {
    command.add_option("--build", o.build, "the build to report in detail (default: rank every build)")
        ->type_name("ID");
    command
        .add_option("--cloud", o.cloud, "the cloud offer to compare with (default: the cheapest for the build's GPU)")
        ->type_name("ID");
    command.add_option("--region", o.region, "match only cloud offers in this region (case-insensitive)")
        ->type_name("REGION");
    command.add_option("--provider", o.provider, "match only cloud offers from this provider (case-insensitive)")
        ->type_name("NAME");
    command
        .add_option("--scenario", o.scenario,
                    "read assumptions, build and cloud from this JSON file (flags win; see 'gpucost init')")
        ->type_name("FILE");
    for (const AssumptionInfo& i : assumption_infos()) {
        std::string description = std::string(i.help);
        if (i.kind == AssumptionKind::number)
            description += fmt::format(", {}{}{}", range_text(i), i.unit.empty() ? "" : " ", i.unit);
        CLI::Option* option =
            command.add_option(flag_name(i.key), o.assumptions[i.key], description)->group(k_assumption_group);
        o.given[i.key] = option;
        switch (i.kind) {
            case AssumptionKind::pricing: option->type_name("PRICING"); break;
            case AssumptionKind::idle: option->type_name("always-on|off"); break;
            case AssumptionKind::number: option->type_name("NUMBER"); break;
        }
    }
    o.months_option = command.add_option("--months", o.months, "horizon in whole months, instead of --years, [1, 600]")
                          ->type_name("N")
                          ->group(k_assumption_group)
                          ->excludes(command.get_option("--years"));
}

AssumptionLayer flag_layer(const ScenarioOptions& o) {
    AssumptionLayer layer;
    layer.origin = "flag";
    std::vector<std::string> problems;
    for (const auto& [key, text] : o.assumptions) {
        if (o.given.at(key)->count() == 0) continue;
        const AssumptionInfo& i = info(key);
        const std::string flag = flag_name(key);
        if (i.kind == AssumptionKind::pricing) {
            if (const auto p = parse_pricing(text))
                layer.set(key, *p);
            else
                problems.push_back(
                    fmt::format("{}: must be one of {}, got {}", flag, pricing_choices(), quote_value(text)));
            continue;
        }
        if (i.kind == AssumptionKind::idle) {
            if (const auto p = parse_idle(text))
                layer.set(key, *p);
            else
                problems.push_back(fmt::format("{}: must be one of always-on, off, got {}", flag, quote_value(text)));
            continue;
        }
        const auto value = parse_number(text);
        if (!value) {
            problems.push_back(
                fmt::format("{}: must be a number in {}, got {}", flag, range_text(i), quote_value(text)));
            continue;
        }
        if (const auto why = check_value(key, *value)) {
            problems.push_back(fmt::format("{}: {}", flag, *why));
            continue;
        }
        layer.set(key, key == AssumptionKey::years ? static_cast<double>(months_for_years(*value)) : *value);
    }
    if (o.months_option != nullptr && o.months_option->count() > 0) {
        const auto months = parse_number(o.months);
        if (!months || *months < 1 || *months > k_max_months || *months != static_cast<int>(*months))
            problems.push_back(fmt::format("--months: must be a whole number in [1, {}], got {}", k_max_months,
                                           quote_value(o.months)));
        else
            layer.set(AssumptionKey::years, *months);
    }
    if (!problems.empty()) throw UsageError(fmt::format("{}", fmt::join(problems, "\n")));
    return layer;
}

ComparisonRequest comparison_request(const ScenarioOptions& o) {
    ComparisonRequest request;
    request.flags = flag_layer(o);
    if (!o.scenario.empty()) {
        Scenario scenario = load_scenario_file(o.scenario);
        request.scenario = std::move(scenario.assumptions);
        if (scenario.build_id) request.build_id_file = o.scenario;
        if (scenario.cloud_id) request.cloud_id_file = o.scenario;
        request.build_id = std::move(scenario.build_id);
        request.cloud_id = std::move(scenario.cloud_id);
    }
    if (!o.build.empty()) request.build_id = o.build, request.build_id_file.clear();
    if (!o.cloud.empty()) request.cloud_id = o.cloud, request.cloud_id_file.clear();
    if (!o.region.empty()) request.region = o.region;
    if (!o.provider.empty()) request.provider = o.provider;
    return request;
}

void print_problems(std::ostream& err, const char* kind, const std::string& file,
                    const std::vector<Problem>& problems) {
    for (const Problem& p : problems)
        err << fmt::format("gpucost: {}: {}: {}: {}\n", kind, file, p.path.empty() ? "/" : p.path, p.message);
}

namespace {

std::string help_hint(const CLI::App& command) {
    std::string path;
    for (const CLI::App* a = &command; a->get_parent() != nullptr; a = a->get_parent())
        path = " " + a->get_name() + path;
    return fmt::format("'gpucost{} --help'", path);
}

}  // namespace

std::string unknown_argument_message(const std::vector<std::string>& extras, const CLI::App& command) {
    std::vector<std::string> flags;
    for (const CLI::Option* option : command.get_options())
        for (const std::string& name : option->get_lnames()) flags.push_back("--" + name);
    const std::string first = extras.front();
    if (first.rfind("-", 0) == 0) {
        const std::string name = first.substr(0, first.find('='));
        return fmt::format("unknown option {}{}; see {}", quote_value(name), did_you_mean(name, flags),
                           help_hint(command));
    }
    return fmt::format("unexpected argument {}; see {}", quote_value(first), help_hint(command));
}

void reject_extras(const CLI::App& command) {
    if (!command.remaining().empty()) throw UsageError(unknown_argument_message(command.remaining(), command));
}

}  // namespace gpucost::cli

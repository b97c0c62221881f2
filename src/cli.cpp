#include "gpucost/cli.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <map>
#include <optional>

#include "gpucost/assumptions.hpp"
#include "gpucost/catalog.hpp"
#include "gpucost/error.hpp"
#include "gpucost/render.hpp"
#include "gpucost/report.hpp"
#include "gpucost/text.hpp"
#include "gpucost/version.hpp"

namespace gpucost {
namespace {

constexpr const char* k_exit_codes_help =
    "Exit codes:\n"
    "  0  success\n"
    "  2  usage error: unknown flag, bad value, value out of range\n"
    "  3  data error: catalogue unreadable or invalid, unknown build or offer, no offer to compare with\n"
    "  4  the output could not be written\n"
    " 70  internal error (a bug: please report it)\n";

constexpr const char* k_compare_examples =
    "Examples:\n"
    "  gpucost compare --hours-per-week 40\n"
    "      every build against its cheapest on-demand cloud offer, ranked\n"
    "  gpucost compare --build rtx4090-x2-office --years 3\n"
    "      one build in detail: every assumption, the cost of each side by category\n"
    "  gpucost compare --build hgx-h100-x8 --cloud aws-p5.48xlarge-us-east-1 --pricing reserved-1y\n"
    "      one build against one chosen offer\n"
    "  gpucost compare --hours-per-week 80 --electricity-usd-per-kwh 0.25 --idle off --format json\n"
    "      change any assumption with its flag; JSON or CSV for scripts and spreadsheets\n";

// Values of the command line, as typed; parsed and checked after CLI11 has read them.
struct CompareOptions {
    std::string build;
    std::string cloud;
    std::string format = "table";
    std::string catalog;
    std::string months;
    std::map<AssumptionKey, std::string> assumptions;
    std::map<AssumptionKey, const CLI::Option*> given;  // to tell a flag left out from one set to ""
};

Format parse_format(const std::string& text) {
    if (text == "table") return Format::table;
    if (text == "json") return Format::json;
    if (text == "csv") return Format::csv;
    throw UsageError(fmt::format("--format: must be one of table, json, csv, got {}{}", quote_value(text),
                                 did_you_mean(text, {"table", "json", "csv"})));
}

// Turns the assumption flags into a layer; every bad flag is reported, not just the first.
AssumptionLayer flag_layer(const CompareOptions& o) {
    AssumptionLayer layer;
    layer.origin = "flag";
    std::vector<std::string> problems;
    for (const auto& [key, text] : o.assumptions) {
        if (o.given.at(key)->count() == 0) continue;
        const AssumptionInfo& i = info(key);
        const std::string flag = flag_name(key);
        if (i.kind == AssumptionKind::pricing) {
            if (const auto p = parse_pricing(text)) layer.set(key, *p);
            else problems.push_back(fmt::format("{}: must be one of {}, got {}", flag, pricing_choices(), quote_value(text)));
            continue;
        }
        if (i.kind == AssumptionKind::idle) {
            if (const auto p = parse_idle(text)) layer.set(key, *p);
            else problems.push_back(fmt::format("{}: must be one of always-on, off, got {}", flag, quote_value(text)));
            continue;
        }
        const auto value = parse_number(text);
        if (!value) {
            problems.push_back(fmt::format("{}: must be a number in {}, got {}", flag, range_text(i), quote_value(text)));
            continue;
        }
        if (const auto why = check_value(key, *value)) {
            problems.push_back(fmt::format("{}: {}", flag, *why));
            continue;
        }
        layer.set(key, key == AssumptionKey::years ? static_cast<double>(months_for_years(*value)) : *value);
    }
    if (!o.months.empty()) {
        const auto months = parse_number(o.months);
        if (!months || *months < 1 || *months > 600 || *months != static_cast<int>(*months))
            problems.push_back(fmt::format("--months: must be a whole number in [1, 600], got {}", quote_value(o.months)));
        else
            layer.set(AssumptionKey::years, *months);
    }
    if (!problems.empty()) throw UsageError(fmt::format("{}", fmt::join(problems, "\n")));
    return layer;
}

void print_warnings(std::ostream& err, const std::string& file, const std::vector<Problem>& warnings) {
    for (const Problem& w : warnings) err << fmt::format("gpucost: warning: {}: {}: {}\n", file, w.path, w.message);
}

Catalog load_catalog(const std::string& path, std::ostream& err) {
    Catalog catalog = path.empty() ? load_embedded_catalog() : load_catalog_file(path);
    print_warnings(err, path.empty() ? "embedded catalogue" : path, catalog.warnings);
    return catalog;
}

void add_assumption_flags(CLI::App& command, CompareOptions& o) {
    for (const AssumptionInfo& i : assumption_infos()) {
        std::string description = std::string(i.help);
        if (i.kind == AssumptionKind::number) description += fmt::format(", {} {}", range_text(i), i.unit);
        std::string& target = o.assumptions[i.key];
        CLI::Option* option = command.add_option(flag_name(i.key), target, description)
                                  ->group("Assumptions (default: the catalogue's)");
        o.given[i.key] = option;
        switch (i.kind) {
            case AssumptionKind::pricing: option->type_name("PRICING"); break;
            case AssumptionKind::idle: option->type_name("always-on|off"); break;
            case AssumptionKind::number: option->type_name("NUMBER"); break;
        }
    }
    command.add_option("--months", o.months, "horizon in whole months, instead of --years, [1, 600]")
        ->type_name("N")
        ->group("Assumptions (default: the catalogue's)")
        ->excludes(command.get_option("--years"));
}

std::string unknown_argument_message(const std::vector<std::string>& extras, const CLI::App& command) {
    std::vector<std::string> flags;
    for (const CLI::Option* option : command.get_options())
        for (const std::string& name : option->get_lnames()) flags.push_back("--" + name);
    const std::string& first = extras.front();
    if (first.rfind("-", 0) == 0) {
        const std::string name = first.substr(0, first.find('='));
        return fmt::format("unknown option {}{}; see 'gpucost {} --help'", quote_value(name), did_you_mean(name, flags),
                           command.get_name());
    }
    return fmt::format("unexpected argument {}; see 'gpucost {} --help'", quote_value(first), command.get_name());
}

int run_compare(const CompareOptions& o, std::ostream& out, std::ostream& err) {
    const Format format = parse_format(o.format);
    ComparisonRequest request;
    request.flags = flag_layer(o);
    if (!o.build.empty()) request.build_id = o.build;
    if (!o.cloud.empty()) request.cloud_id = o.cloud;
    const Catalog catalog = load_catalog(o.catalog, err);
    const Report report = build_report(catalog, request);
    const std::string text = render(report, format);
    for (const std::string& w : report.warnings) err << "gpucost: warning: " << w << "\n";
    out << text;
    out.flush();
    return static_cast<int>(ExitCode::success);
}

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    CLI::App app{"gpucost: should you buy your own GPU machine or rent GPUs in the cloud?\n"
                 "Compares the total cost of owning against renting, with every assumption sourced and overridable.",
                 "gpucost"};
    app.footer(std::string("Run 'gpucost compare --help' for the comparison's flags.\n\n") + k_exit_codes_help);
    bool version = false;
    app.add_flag("--version", version, "print the version and the embedded catalogue's date");
    std::string version_catalog;

    CompareOptions compare_options;
    CLI::App* compare = app.add_subcommand("compare", "compare owning a build against renting its cloud match");
    compare->add_option("--build", compare_options.build, "the build to report in detail (default: rank every build)")
        ->type_name("ID");
    compare->add_option("--cloud", compare_options.cloud,
                        "the cloud offer to compare with (default: the cheapest for the build's GPU)")
        ->type_name("ID");
    compare->add_option("--format", compare_options.format, "table, json or csv (default: table)")->type_name("FORMAT");
    compare->add_option("--catalog", compare_options.catalog, "read this catalogue file instead of the embedded one")
        ->type_name("FILE");
    add_assumption_flags(*compare, compare_options);
    compare->footer(std::string(k_compare_examples) + "\n" + k_exit_codes_help);
    compare->allow_extras();

    std::vector<std::string> reversed(args.rbegin(), args.rend());
    try {
        app.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        out << app.help("", CLI::AppFormatMode::Normal);
        return static_cast<int>(ExitCode::success);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) {
            // --help on a subcommand
            for (CLI::App* sub : app.get_subcommands()) out << sub->help();
            if (app.get_subcommands().empty()) out << app.help();
            return static_cast<int>(ExitCode::success);
        }
        throw UsageError(fmt::format("{}; see 'gpucost --help'", e.what()));
    }

    if (version) {
        const Catalog catalog = load_embedded_catalog();
        out << fmt::format("gpucost {} (embedded catalogue as of {})\n", k_version, catalog.as_of);
        return static_cast<int>(ExitCode::success);
    }
    if (compare->parsed()) {
        if (!compare->remaining().empty()) throw UsageError(unknown_argument_message(compare->remaining(), *compare));
        return run_compare(compare_options, out, err);
    }
    throw UsageError("no command given; try 'gpucost compare --hours-per-week 40' or 'gpucost --help'");
}

void print_error(std::ostream& err, const std::string& message) {
    std::size_t start = 0;
    while (start <= message.size()) {
        const std::size_t end = message.find('\n', start);
        err << "gpucost: error: " << message.substr(start, end - start) << "\n";
        if (end == std::string::npos) break;
        start = end + 1;
    }
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    try {
        return run_cli(args, out, err);
    } catch (const Error& e) {
        print_error(err, e.what());
        return static_cast<int>(e.code());
    } catch (const std::bad_alloc&) {
        print_error(err, "out of memory");
        return static_cast<int>(ExitCode::internal);
    } catch (const std::exception& e) {
        print_error(err, fmt::format("internal error: {} (please report this)", e.what()));
        return static_cast<int>(ExitCode::internal);
    }
}

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    std::vector<std::string> args;
    for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
    return run(args, out, err);
}

}  // namespace gpucost

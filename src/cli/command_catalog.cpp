// gpucost catalog list|show|validate|import: look into the catalogue, check a file, bring in public price lists.
#include <algorithm>
#include <array>
#include <ostream>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "command_docs.hpp"
#include "gpucost/api.hpp"
#include "gpucost/io/import_csv.hpp"
#include "gpucost/model/source_rule.hpp"
#include "gpucost/render/listing.hpp"
#include "gpucost/report/freshness.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::cli {
namespace {

// What list and show write: every format a document or rows give (no chart).
constexpr const char* k_listing_formats = "table, json, csv, tsv, markdown or html";

struct ListOptions {
    CatalogOptions catalog;
    ReportOutputOptions output;  // --format, --output, --currency, --usd-rate, --color, --quiet
    FreshnessOptions freshness;
    std::string section;
    std::string gpu;
    std::string provider;
    std::string region;
    std::string min_vram_gb;
    std::string pricing;
};

struct ShowOptions {
    CatalogOptions catalog;
    ReportOutputOptions output;  // --format, --output, --currency, --usd-rate, --color, --quiet
    FreshnessOptions freshness;
    std::string id;
};

struct ValidateOptions {
    CatalogOptions catalog;
    QuietOption quiet;
    FreshnessOptions freshness;  // --max-age-days: the figures the default compare table uses, by age
    std::string file;
    bool strict = false;  // every assumption and its source, as the shipped catalogue gives them
};

// "FILE: not valid: 2 errors, 0 warnings": the last line of a failed validation, so a long list ends with its count.
std::string not_valid_line(const std::string& file, std::size_t errors, std::size_t warnings) {
    return fmt::format("gpucost: error: {}: not valid: {} error{}, {} warning{}\n", escape_visible(file), errors,
                       errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s");
}

struct ImportOptions {
    CatalogOptions catalog;
    QuietOption quiet;
    OutputOptions output;
    std::string from;
    std::string file;
    std::string as_of;
    std::string provider;
};

ListingFilter listing_filter(const ListOptions& o) {
    ListingFilter f;
    if (!o.section.empty()) {
        const std::vector<std::string> sections = {"gpus", "builds", "cloud", "workloads"};
        if (std::find(sections.begin(), sections.end(), o.section) == sections.end())
            throw UsageError(
                fmt::format("catalog list: section must be one of gpus, builds, cloud, workloads, got {}{}",
                            quote_value(o.section), did_you_mean(o.section, sections)));
        f.sections = {o.section == "gpus", o.section == "builds", o.section == "cloud", o.section == "workloads"};
    }
    if (!o.gpu.empty()) f.gpu = o.gpu;
    if (!o.provider.empty()) f.provider = o.provider;
    if (!o.region.empty()) f.region = o.region;
    if (!o.min_vram_gb.empty()) {
        const auto v = parse_number(o.min_vram_gb);
        if (!v || *v < 0)
            throw UsageError(fmt::format("--min-vram-gb: must be a number >= 0, got {}", quote_value(o.min_vram_gb)));
        f.min_vram_gb = *v;
    }
    if (!o.pricing.empty()) {
        const auto p = parse_pricing(o.pricing);
        if (!p)
            throw UsageError(
                fmt::format("--pricing: must be one of {}, got {}", pricing_choices(), quote_value(o.pricing)));
        f.pricing = *p;
    }
    // Providers, regions and prices belong to offers alone: with no section named, they list offers only.
    if (o.section.empty() && (f.provider || f.region || f.pricing)) f.sections = {false, false, true};
    if (!f.sections.cloud && (f.provider || f.region || f.pricing))
        throw UsageError(fmt::format("--provider, --region and --pricing filter cloud offers; drop them or list cloud, "
                                     "not {}",
                                     o.section));
    return f;
}

// list and show run the report commands' pipeline as far as a listing has its steps (no scenario, no match):
// refuse --output onto an input, the format, --max-age-days, load, make the model, render, then its warnings and
// the text.
int run_list(const ListOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output.output, catalog_inputs(o.catalog));
    const ReportOutput output = report_output(o.output, io);
    ListingFilter filter = listing_filter(o);
    filter.max_age_days = max_age_days(o.freshness);
    if (filter.max_age_days) filter.today = today();
    std::ostream& warn = warnings(o.output.quiet, io);
    const Catalog catalog = load_catalog(o.catalog, warn);
    const Listing listing = make_listing(catalog, filter);
    finish(o.output.output, render(listing, output.format, output.render), listing.header.warnings, warn, io);
    return static_cast<int>(ExitCode::success);
}

int run_show(const ShowOptions& o, const Io& io) {
    refuse_output_onto_inputs(o.output.output, catalog_inputs(o.catalog));
    const ReportOutput output = report_output(o.output, io);
    const std::optional<int> max_age = max_age_days(o.freshness);
    const Date day = today();
    std::ostream& warn = warnings(o.output.quiet, io);
    const Catalog catalog = load_catalog(o.catalog, warn);
    if (!catalog.find_entry(o.id) && catalog.find_workload(o.id) != nullptr) {
        // A workload is shown as `catalog list workloads` lists it, alone: its source, as_of and every GPU's figure.
        ListingFilter filter;
        filter.sections = {false, false, false, true};
        filter.max_age_days = max_age;
        filter.today = day;
        Listing listing = make_listing(catalog, filter);
        std::erase_if(listing.workloads, [&](const Workload& w) { return w.id != o.id; });
        finish(o.output.output, render(listing, output.format, output.render), listing.header.warnings, warn, io);
        return static_cast<int>(ExitCode::success);
    }
    const CatalogEntry entry = make_entry(catalog, o.id, day, max_age);
    finish(o.output.output, render(entry, output.format, output.render), entry.header.warnings, warn, io);
    return static_cast<int>(ExitCode::success);
}

// The catalogue `catalog validate` checks: FILE is --catalog FILE by another name.
CatalogOptions validate_target(const ValidateOptions& o) {
    CatalogOptions options = o.catalog;
    if (!o.file.empty()) {
        if (!options.catalog.empty()) throw UsageError("catalog validate: give FILE or --catalog FILE, not both");
        options.catalog = o.file;
    }
    return options;
}

std::string plural(std::size_t n) { return n == 1 ? "" : "s"; }

template <class Entry>
std::size_t index_of(const std::vector<Entry>& entries, const std::string& id) {
    const auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.id == id; });
    return static_cast<std::size_t>(it - entries.begin());
}

// What --max-age-days finds among the figures the default compare table uses (every build against its cheapest
// match, the catalogue's own assumptions): an offer older than the limit is an error, since its price can be read
// again; a GPU or build is a note, since a purchase price keeps the vintage of the quote it comes from.
struct AgeFindings {
    std::vector<Problem> errors;
    std::vector<Problem> notes;
};

AgeFindings default_table_ages(const Catalog& catalog, int max_days, Date day) {
    AgeFindings out;
    if (catalog.builds.empty() || catalog.cloud.empty()) return out;
    ComparisonRequest request;
    request.today = day;
    const Report report = build_report(catalog, request);
    for (const StaleFigure& f : stale_figures(report, max_days, day)) {
        const std::string age = fmt::format("{} {} is as of {}, {} days old on {} (more than --max-age-days {})",
                                            f.kind, quote_value(f.id), f.as_of, f.age_days, to_string(day), max_days);
        if (f.kind == "offer")
            out.errors.push_back({fmt::format("/cloud/{}/as_of", index_of(catalog.cloud, f.id)),
                                  age + ", and the default compare table uses its price; read it again"});
        else if (f.kind == "build")
            out.notes.push_back({fmt::format("/builds/{}/as_of", index_of(catalog.builds, f.id)),
                                 age + "; kept: a purchase price keeps the vintage of its quote"});
        else
            out.notes.push_back({fmt::format("/gpus/{}/as_of", index_of(catalog.gpus, f.id)),
                                 age + "; kept: a purchase price keeps the vintage of its quote"});
    }
    return out;
}

// The checks that need the catalogue as merged: sources a reader cannot follow, and (with --max-age-days) the age
// of what the default table uses. Prints them; returns the errors.
std::vector<Problem> merged_checks(std::optional<int> days, const Catalog& catalog, std::ostream& warn) {
    std::vector<Problem> errors = unfollowable_sources(catalog);
    if (days) {
        AgeFindings ages = default_table_ages(catalog, *days, today());
        print_problems(warn, "note", catalog.origin, ages.notes);
        errors.insert(errors.end(), ages.errors.begin(), ages.errors.end());
    }
    return errors;
}

int run_validate(const ValidateOptions& o, const Io& io) {
    std::ostream& err = io.err;
    std::ostream& warn = warnings(o.quiet, io);
    const CatalogOptions options = validate_target(o);
    const std::optional<int> days = max_age_days(o.freshness);  // a bad value is a usage error before any reading
    // The loader collects every problem of a file into one ValidationError; all of them go to stderr,
    // then one summary line, so a long list still ends with its count.
    std::size_t warning_count = 0;  // every file's, counted from the loader's warning vectors
    const WarningSink print_and_count = [&](const std::string& file, const std::vector<Problem>& file_warnings) {
        print_problems(warn, "warning", file, file_warnings);
        warning_count += file_warnings.size();
    };
    Catalog catalog;
    try {
        catalog = load_catalog(CatalogFiles{options.catalog, options.add_catalog}, print_and_count);
    } catch (const ValidationError& e) {
        print_problems(warn, "warning", e.file(), e.warnings());
        print_problems(err, "error", e.file(), e.problems());
        err << not_valid_line(e.file(), e.problems().size(), e.warnings().size());
        return static_cast<int>(e.code());
    }
    // Estimates without a range are notes, not warnings: the catalogue is valid, only less ready for `simulate`.
    print_problems(warn, "note", options.catalog.empty() ? "embedded catalogue" : options.catalog,
                   estimates_without_range(catalog));
    if (const std::vector<Problem> errors = merged_checks(days, catalog, warn); !errors.empty()) {
        print_problems(err, "error", catalog.origin, errors);
        err << not_valid_line(catalog.origin, errors.size(), warning_count);
        return static_cast<int>(ExitCode::data);
    }
    if (o.strict) {
        // The like-for-like fields a shipped catalogue gives every entry: a user's may leave them to their defaults,
        // so they are warnings, not errors.
        const std::vector<Problem> gaps = like_for_like_gaps(catalog);
        print_problems(warn, "warning", catalog.origin, gaps);
        warning_count += gaps.size();
        // Checked on the catalogue as merged: an overlay may complete what its base leaves out.
        const std::vector<Problem> missing = strict_assumption_problems(catalog.assumptions, catalog.schema_version);
        if (!missing.empty()) {
            const std::string file = options.catalog.empty() ? "embedded catalogue" : options.catalog;
            print_problems(err, "error", file, missing);
            err << not_valid_line(file, missing.size(), warning_count);
            return static_cast<int>(ExitCode::data);
        }
    }
    // Per-token API offers (issue 20) are counted when a catalogue has some; a catalogue without keeps its line.
    const std::size_t api_count = catalog.api_offers.size();
    const std::string apis = api_count == 0 ? "" : fmt::format(", {} API offer{}", api_count, plural(api_count));
    io.out << fmt::format("OK: {}: {} GPUs, {} builds, {} cloud offers{}, {} assumptions; {} warning{}\n",
                          escape_visible(catalog.origin), catalog.gpus.size(), catalog.builds.size(),
                          catalog.cloud.size(), apis, k_assumption_count, warning_count, plural(warning_count));
    return static_cast<int>(ExitCode::success);
}

ImportRequest import_request(const ImportOptions& o) {
    ImportRequest request;
    if (o.from == "skypilot")
        request.format = ImportFormat::skypilot;
    else if (o.from == "gpuhunt")
        request.format = ImportFormat::gpuhunt;
    else
        throw UsageError(fmt::format("--from: must be skypilot or gpuhunt, got {}{}", quote_value(o.from),
                                     did_you_mean(o.from, {"skypilot", "gpuhunt"})));
    if (o.as_of.empty())
        throw UsageError("--as-of: required; give the date the price file was fetched (YYYY-MM-DD), "
                         "which becomes every imported offer's as_of");
    if (!parse_date(o.as_of) || o.as_of.size() != 10)
        throw UsageError(fmt::format("--as-of: must be a date YYYY-MM-DD, got {}{}", quote_value(o.as_of),
                                     date_range_note(o.as_of)));
    request.as_of = o.as_of;
    request.source_file = o.file;
    request.provider = o.provider;
    return request;
}

// The account of an import on stderr: what came in and what was left out, then the names worth an alias as warnings.
void print_import_account(std::ostream& warn, const ImportResult& result, const ImportRequest& request) {
    for (const std::string& line : import_summary(result, request))
        warn << "gpucost: " << escape_visible(line) << "\n";  // worded in io; the file name may hold controls
    for (const std::string& line : left_out_lines(result)) print_line(warn, "warning", line);
}

int run_import(const ImportOptions& o, const Io& io) {
    std::vector<InputFile> inputs = catalog_inputs(o.catalog);
    inputs.push_back({"price list", o.file});
    refuse_output_onto_inputs(o.output, inputs);
    const ImportRequest request = import_request(o);
    std::ostream& warn = warnings(o.quiet, io);
    const Catalog catalog = load_catalog(o.catalog, warn);
    const ImportResult result = import_offers_file(request, catalog);
    const std::string json = import_overlay_json(result, request);
    print_import_account(warn, result, request);
    write_result(o.output, json, io.out, warn);
    return static_cast<int>(ExitCode::success);
}

// Each subcommand's flags, beside the options they fill; the run_* functions above do the work.

Command list_command(CLI::App& command) {
    auto list = std::make_shared<ListOptions>();
    CLI::App* list_app = command.add_subcommand("list", "list GPUs, builds and cloud offers, filtered and sorted");
    list_app->add_option("section", list->section, "gpus, builds, cloud or workloads (default: the first three)")
        ->type_name("SECTION");
    list_app->add_option("--gpu", list->gpu, "only this GPU, the builds holding it and the offers renting it")
        ->type_name("ID");
    list_app->add_option("--provider", list->provider, "only offers from this provider (case-insensitive)")
        ->type_name("NAME");
    list_app->add_option("--region", list->region, "only offers in this region (case-insensitive)")
        ->type_name("REGION");
    list_app->add_option("--min-vram-gb", list->min_vram_gb, "only GPUs with at least this much memory, in GB")
        ->type_name("N");
    list_app
        ->add_option("--pricing", list->pricing,
                     "only offers with this price, sorted by it per GPU-hour (default sort: on-demand)")
        ->type_name("PRICING");
    add_report_output_options(*list_app, list->output, k_listing_formats);
    add_catalog_options(*list_app, list->catalog);
    add_freshness_option(*list_app, list->freshness);
    list_app->allow_extras();
    return command_for(list_app, list, run_list);
}

Command show_command(CLI::App& command) {
    auto show = std::make_shared<ShowOptions>();
    CLI::App* show_app = command.add_subcommand("show", "one entry whole, with its source, as_of and age in days");
    show_app->add_option("id", show->id, "a GPU, build, cloud offer or workload id")->type_name("ID")->required();
    add_report_output_options(*show_app, show->output, k_listing_formats);
    add_catalog_options(*show_app, show->catalog);
    add_freshness_option(*show_app, show->freshness);
    show_app->allow_extras();
    return command_for(show_app, show, run_show);
}

Command validate_command(CLI::App& command) {
    auto validate = std::make_shared<ValidateOptions>();
    CLI::App* validate_app = command.add_subcommand(
        "validate", "check a catalogue (default: the embedded one) and its overlays; every problem at once");
    validate_app->add_option("file", validate->file, "the catalogue file to check")->type_name("FILE");
    validate_app->add_flag("--strict", validate->strict,
                           "also demand every assumption and a source for each (else gpucost defaults fill gaps)");
    validate->freshness.option =
        validate_app
            ->add_option("--max-age-days", validate->freshness.max_age_days,
                         "fail when an offer the default compare table uses is more than N days old, [0, 36500]")
            ->type_name("N");
    add_catalog_options(*validate_app, validate->catalog);
    add_quiet_option(*validate_app, validate->quiet);
    validate_app->allow_extras();
    return command_for(validate_app, validate, run_validate);
}

Command import_command(CLI::App& command) {
    auto import = std::make_shared<ImportOptions>();
    CLI::App* import_app = command.add_subcommand(
        "import", "turn a public cloud price list (SkyPilot or gpuhunt CSV) into an overlay for --add-catalog");
    import_app->add_option("file", import->file, "the CSV file")->type_name("FILE.csv")->required();
    import_app->add_option("--from", import->from, "the file's format: skypilot or gpuhunt")
        ->type_name("FORMAT")
        ->required();
    import_app->add_option("--as-of", import->as_of, "the date the prices were fetched, YYYY-MM-DD (required)")
        ->type_name("DATE");
    import_app
        ->add_option("--provider", import->provider,
                     "the provider of every offer (required for skypilot; gpuhunt: its provider column)")
        ->type_name("NAME");
    add_output_option(*import_app, import->output);
    add_catalog_options(*import_app, import->catalog);
    add_quiet_option(*import_app, import->quiet);
    import_app->allow_extras();
    return command_for(import_app, import, run_import);
}

}  // namespace

Command add_catalog_command(CLI::App& app) {
    CLI::App* command = app.add_subcommand("catalog", "list, show, validate or import catalogue entries");
    command->footer(command_footer("catalog"));
    command->require_subcommand(0, 1);
    command->allow_extras();

    const std::array<Command, 4> commands = {list_command(*command), show_command(*command), validate_command(*command),
                                             import_command(*command)};
    return {command, [=](const Io& io) {
                for (const Command& c : commands)
                    if (c.app->parsed()) return c.run(io);
                if (!command->remaining().empty()) {
                    const std::string word = command->remaining().front();
                    if (word.rfind("-", 0) == 0)
                        throw UsageError(unknown_argument_message(command->remaining(), *command));
                    throw UsageError(fmt::format("unknown catalog command {}{}; see 'gpucost catalog --help'",
                                                 quote_value(word),
                                                 did_you_mean(word, {"list", "show", "validate", "import"})));
                }
                throw UsageError(
                    "catalog: name a command: list, show, validate or import; see 'gpucost catalog --help'");
            }};
}

}  // namespace gpucost::cli

// Options that choose the catalogue and how old its figures may be: --catalog, --add-catalog, --max-age-days.
#include <algorithm>
#include <cstdlib>
#include <ostream>
#include <streambuf>
#include <string_view>

#include <fmt/format.h>

// g++ 12 at -O2 reports a "potential null pointer dereference" inside CLI11's split() as inlined into this file's
// add_option calls (a false positive in libstdc++'s string, not in our code); silenced for this file alone, before
// the headers, where the warning is located.
#pragma GCC diagnostic ignored "-Wnull-dereference"

#include "cli_common.hpp"
#include "gpucost/api.hpp"
#include "gpucost/util/files.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::cli {

void add_catalog_options(CLI::App& command, CatalogOptions& options) {
    add_named_option(command, "--catalog", options.catalog, "read this catalogue file instead of the embedded one")
        ->type_name("FILE");
    add_named_option(command, "--add-catalog", options.add_catalog,
                     "merge this file over the catalogue (same id replaces, new ids add; repeatable)")
        ->type_name("FILE");
}

Catalog load_catalog(const CatalogOptions& options, std::ostream& err,
                     std::map<std::string, std::string>* user_offers) {
    return load_catalog(
        CatalogFiles{options.catalog, options.add_catalog},
        [&err](const std::string& file, const std::vector<Problem>& warnings) {
            print_problems(err, "warning", file, warnings);
        },
        user_offers);
}

std::vector<InputFile> catalog_inputs(const CatalogOptions& options) {
    std::vector<InputFile> inputs;
    if (!options.catalog.empty()) inputs.push_back({"--catalog", options.catalog});
    for (const std::string& overlay : options.add_catalog) inputs.push_back({"--add-catalog", overlay});
    return inputs;
}

Date today() {
    const char* pinned = std::getenv("GPUCOST_TODAY");
    if (pinned == nullptr || *pinned == '\0') return system_today();
    const auto date = parse_date(pinned);
    if (!date || std::string_view(pinned).size() != 10)
        throw UsageError(fmt::format("GPUCOST_TODAY: must be a date YYYY-MM-DD, got {}{}; unset it to use the clock",
                                     quote_value(pinned), date_range_note(pinned)));
    return *date;
}

void add_freshness_option(CLI::App& command, FreshnessOptions& options) {
    options.option = add_named_option(command, "--max-age-days", options.max_age_days,
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

}  // namespace gpucost::cli

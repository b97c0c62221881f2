#include "gpucost/api.hpp"

#include <algorithm>
#include <utility>

#include "gpucost/io/catalog_json.hpp"

namespace gpucost {

Catalog load_catalog(const CatalogFiles& files, const WarningSink& on_warnings) {
    Catalog catalog = files.catalog.empty() ? load_embedded_catalog() : load_catalog_file(files.catalog);
    on_warnings(files.catalog.empty() ? "embedded catalogue" : files.catalog, catalog.warnings);
    for (const std::string& path : files.overlays) {
        Catalog overlay = load_catalog_overlay_file(path, catalog);
        on_warnings(path, overlay.warnings);
        merge_catalog(catalog, std::move(overlay));
    }
    return catalog;
}

Report compare_report(const Catalog& catalog, const ComparisonRequest& request) {
    return build_report(catalog, request);
}

std::vector<Excluded> excluded_by_match(const Catalog& catalog, const ComparisonRequest& request) {
    return match_exclusions(catalog, request);
}

CashFlowReport cash_flow_report(const Catalog& catalog, const ComparisonRequest& request) {
    return {build_report(catalog, request)};
}

CheckReport check_report(const Catalog& catalog, const ComparisonRequest& request, const Gates& gates,
                         const std::vector<RangeEntry>& flag_ranges, const SimulationOptions& simulation) {
    CheckReport check{build_report(catalog, request), {}};
    check.checks = evaluate_gates(check.report, gates);
    if (gates.needs_simulation()) {
        const SimulationReport s = simulation_report(catalog, {request, flag_ranges}, simulation);
        const std::vector<GateCheck> p = evaluate_probability_gates(s, gates);
        check.checks.insert(check.checks.end(), p.begin(), p.end());
        check.report.warnings.insert(
            check.report.warnings.end(),
            s.warnings.begin() + static_cast<std::ptrdiff_t>(std::min(s.warnings.size(), check.report.warnings.size())),
            s.warnings.end());
    }
    return check;
}

SensitivityReport sensitivity(const Catalog& catalog, const RangeRequest& request) {
    return sensitivity_report(catalog, request);
}

SweepReport sweep(const Catalog& catalog, const RangeRequest& request, const std::vector<SweepVary>& vary) {
    return sweep_report(catalog, request, vary);
}

SimulationReport simulation(const Catalog& catalog, const RangeRequest& request, const SimulationOptions& options) {
    return simulation_report(catalog, request, options);
}

RankReport rank_report(const Catalog& catalog, const ComparisonRequest& request) {
    return build_rank_report(catalog, request);
}

Listing catalog_listing(const Catalog& catalog, const ListingFilter& filter) { return make_listing(catalog, filter); }

CatalogEntry catalog_entry(const Catalog& catalog, const std::string& id, Date today) {
    return make_entry(catalog, id, today);
}

ImportResult import_price_list(const ImportRequest& request, const Catalog& catalog) {
    return import_offers_file(request, catalog);
}

}  // namespace gpucost

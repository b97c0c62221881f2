#include "gpucost/api.hpp"

#include <utility>

#include "gpucost/io/catalog_json.hpp"

namespace gpucost {

Catalog load_catalog(const CatalogFiles& files, const WarningSink& on_warnings,
                     std::map<std::string, std::string>* user_offers) {
    Catalog catalog = files.catalog.empty() ? load_embedded_catalog() : load_catalog_file(files.catalog);
    on_warnings(files.catalog.empty() ? "embedded catalogue" : files.catalog, catalog.warnings);
    if (user_offers != nullptr && !files.catalog.empty())
        for (const CloudOffer& offer : catalog.cloud) (*user_offers)[offer.id] = files.catalog;
    for (const std::string& path : files.overlays) {
        Catalog overlay = load_catalog_overlay_file(path, catalog);
        on_warnings(path, overlay.warnings);
        if (user_offers != nullptr)
            for (const CloudOffer& offer : overlay.cloud) (*user_offers)[offer.id] = path;
        merge_catalog(catalog, std::move(overlay));
    }
    return catalog;
}

CashFlowReport cash_flow_report(const Catalog& catalog, const ComparisonRequest& request) {
    CashFlowReport cash_flow{build_report(catalog, request), {}};
    cash_flow.report.header.command = "cashflow";
    return cash_flow;
}

CheckReport check_report(const Catalog& catalog, const ComparisonRequest& request, const Gates& gates,
                         const std::vector<RangeEntry>& flag_ranges, const SimulationOptions& simulation) {
    CheckReport check{build_report(catalog, request), {}};
    check.report.header.command = "check";
    check.checks = evaluate_gates(check.report, gates);
    if (gates.needs_simulation()) {
        const SimulationReport s = simulation_report(catalog, {request, flag_ranges}, simulation);
        const std::vector<GateCheck> p = evaluate_probability_gates(s, gates);
        check.checks.insert(check.checks.end(), p.begin(), p.end());
        std::vector<std::string>& warnings = check.report.header.warnings;
        warnings.insert(warnings.end(), s.added_warnings.begin(), s.added_warnings.end());
    }
    return check;
}

}  // namespace gpucost

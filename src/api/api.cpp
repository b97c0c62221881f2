#include "gpucost/api.hpp"

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

CashFlowReport cash_flow_report(const Catalog& catalog, const ComparisonRequest& request) {
    return {build_report(catalog, request)};
}

CheckReport check_report(const Catalog& catalog, const ComparisonRequest& request, const Gates& gates) {
    CheckReport check{build_report(catalog, request), {}};
    check.checks = evaluate_gates(check.report, gates);
    return check;
}

Listing catalog_listing(const Catalog& catalog, const ListingFilter& filter) { return make_listing(catalog, filter); }

CatalogEntry catalog_entry(const Catalog& catalog, const std::string& id, Date today) {
    return make_entry(catalog, id, today);
}

ImportResult import_price_list(const ImportRequest& request, const Catalog& catalog) {
    return import_offers(read_import_file(request.source_file), request, catalog);
}

}  // namespace gpucost

#include "import_contract.hpp"

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/csv_reader.hpp"
#include "gpucost/io/import_csv.hpp"
#include "gpucost/util/error.hpp"

namespace gpucost::fuzz {
namespace {

std::string import_outcome(std::string_view text, ImportFormat format, const Catalog& catalog,
                           std::vector<std::string>& broken) {
    ImportRequest request;
    request.format = format;
    request.source_file = "fuzz.csv";
    request.as_of = "2026-11-30";
    request.provider = format == ImportFormat::skypilot ? "AWS" : "";
    ImportResult result;
    try {
        result = import_offers(text, request, catalog);
    } catch (const Error& e) {
        return e.what();
    }
    import_summary(result, request);
    const std::string overlay = import_overlay_json(result, request);
    try {
        parse_catalog_overlay(overlay, "import.json", catalog);
    } catch (const Error& e) {
        broken.push_back(std::string("the overlay an import wrote does not load: ") + e.what());
    }
    return "accepted";
}

}  // namespace

ImportOutcome check_import_contract(std::string_view text, const Catalog& catalog) {
    ImportOutcome outcome;
    try {
        parse_csv(text, "fuzz.csv");
        outcome.csv = "accepted";
    } catch (const Error& e) {
        outcome.csv = e.what();
    }
    outcome.skypilot = import_outcome(text, ImportFormat::skypilot, catalog, outcome.broken);
    outcome.gpuhunt = import_outcome(text, ImportFormat::gpuhunt, catalog, outcome.broken);
    return outcome;
}

}  // namespace gpucost::fuzz

#include "import_contract.hpp"

#include <algorithm>
#include <string>

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

// The table a CsvReader gives when its text comes `size` bytes at a time, or the error it throws.
std::string chunked_outcome(std::string_view text, std::size_t size, CsvTable& table) {
    try {
        CsvReader reader(
            [text, size, at = std::size_t{0}]() mutable {
                const std::string_view piece = text.substr(std::min(at, text.size()), size);
                at += piece.size();
                return piece;
            },
            "fuzz.csv");
        table = reader.table();
        CsvRow row;
        while (reader.next(row)) table.rows.push_back(row);
    } catch (const Error& e) {
        return e.what();
    }
    return "accepted";
}

bool same_table(const CsvTable& a, const CsvTable& b) {
    if (a.header != b.header || a.rows.size() != b.rows.size()) return false;
    for (std::size_t i = 0; i < a.rows.size(); ++i)
        if (a.rows[i].line != b.rows[i].line || a.rows[i].cells != b.rows[i].cells) return false;
    return true;
}

}  // namespace

ImportOutcome check_import_contract(std::string_view text, const Catalog& catalog) {
    ImportOutcome outcome;
    CsvTable whole;
    try {
        whole = parse_csv(text, "fuzz.csv");
        outcome.csv = "accepted";
    } catch (const Error& e) {
        outcome.csv = e.what();
    }
    // The import reads a chunk at a time (issue 10): where the chunks end must change nothing.
    for (const std::size_t size : {1u, 7u}) {
        CsvTable chunked;
        const std::string chunked_csv = chunked_outcome(text, size, chunked);
        if (chunked_csv != outcome.csv || (chunked_csv == "accepted" && !same_table(chunked, whole)))
            outcome.broken.push_back("CSV read " + std::to_string(size) + " bytes at a time differs: " + chunked_csv);
    }
    outcome.skypilot = import_outcome(text, ImportFormat::skypilot, catalog, outcome.broken);
    outcome.gpuhunt = import_outcome(text, ImportFormat::gpuhunt, catalog, outcome.broken);
    return outcome;
}

}  // namespace gpucost::fuzz

// `gpucost catalog list` and `show` in every format: a listing or entry model in, the whole text out. Table,
// markdown and HTML come from the documents, CSV and TSV from the rows, JSON from listing_json.cpp; money in the
// output currency (a listing's prices and derived figures; an entry's fields are written as the catalogue has them).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpucost/render/render.hpp"
#include "gpucost/report/listing.hpp"

namespace gpucost {

// The listing for people: a section per kind (GPUs, builds, cloud offers, workloads) with its count and table,
// "(none match)" for a shown section without entries, and the catalogue line.
Document document_of(const Listing& listing);
// One row per entry under one header (a `section` column first), an empty cell for a field a section lacks: the
// public column order (docs/catalog.md), new columns at the end.
RowSet rows_of(const Listing& listing);
// The listing as JSON: the full entries at full precision, null for not applicable.
std::string render_json(const Listing& listing, const RenderOptions& options = {});
extern template std::string render(const Listing&, Format, const RenderOptions&);

// The name of a catalogue field that may be absent ("pcie", "gpu-cloud"), or nothing: for the entry's fields and the
// JSON.
template <typename Enum>
std::optional<std::string> enum_name(const std::optional<Enum>& v) {
    return v ? std::optional<std::string>(to_string(*v)) : std::nullopt;
}

// One line of `catalog show`: nested figures flattened with '.' ("usd_per_hour.spot"); text empty when not
// applicable.
struct EntryField {
    std::string key;
    std::optional<std::string> text;
};

// The entry's fields in the order every format shows them: its JSON body flattened (section, the entry's own fields,
// the figures worked out from them, age_days, today), then catalog_source. Numbers are written exactly ("1.5");
// lists are joined with ", ".
std::vector<EntryField> entry_fields(const CatalogEntry& entry);

// One field per line, "key:" then its value; the age in words ("243 days (on 2026-11-30)").
Document document_of(const CatalogEntry& entry);
// "field,value" then one row per field.
RowSet rows_of(const CatalogEntry& entry);
// The entry as one JSON object with schema_version first.
std::string render_json(const CatalogEntry& entry, const RenderOptions& options = {});
extern template std::string render(const CatalogEntry&, Format, const RenderOptions&);

}  // namespace gpucost

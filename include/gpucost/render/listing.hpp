// `gpucost catalog list` and `show` in every format: a listing or entry model in, the whole text out.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpucost/render/render.hpp"
#include "gpucost/report/listing.hpp"

namespace gpucost {

// The listing as aligned sections for a terminal: money rounded, "-" for not applicable.
std::string render_listing_table(const Listing& listing);
// The listing as JSON: the full entries at full precision, null for not applicable.
std::string render_listing_json(const Listing& listing);
// The listing as CSV: one row per entry under one header, a `section` column, an empty cell for not applicable.
std::string render_listing_csv(const Listing& listing);
// The listing in `format` through render_with. Throws UsageError for markdown, which a listing lacks.
std::string render_listing(const Listing& listing, Format format);

// One line of `catalog show`: nested figures flattened with '.' ("usd_per_hour.spot"); text empty when not
// applicable.
struct EntryField {
    std::string key;
    std::optional<std::string> text;
};

// The entry's fields in the order every format shows them: section, the entry's own, then age_days, today and
// catalog_source. Numbers are written exactly ("1.5"); lists are joined with ", ".
std::vector<EntryField> entry_fields(const CatalogEntry& entry);

// One field per line, "key:" then its value; the age in words ("243 days (on 2026-11-30)").
std::string render_entry_table(const CatalogEntry& entry);
// The entry as one JSON object with schema_version first.
std::string render_entry_json(const CatalogEntry& entry);
// "field,value" then one row per field.
std::string render_entry_csv(const CatalogEntry& entry);
// The entry in `format`, as render_listing.
std::string render_entry(const CatalogEntry& entry, Format format);

std::string render_table(const Listing& listing, const RenderOptions& options);
std::string render_json(const Listing& listing, const RenderOptions& options);
std::string render_csv(const Listing& listing, const RenderOptions& options);
std::string render_table(const CatalogEntry& entry, const RenderOptions& options);
std::string render_json(const CatalogEntry& entry, const RenderOptions& options);
std::string render_csv(const CatalogEntry& entry, const RenderOptions& options);
extern template std::string render(const Listing&, Format, const RenderOptions&);
extern template std::string render(const CatalogEntry&, Format, const RenderOptions&);

}  // namespace gpucost

// --add-catalog: a user's overlay merged over the catalogue in use, entry by entry and assumption by assumption.
// Linear in the sizes of both: one index of the catalogue's ids is built, and entries are moved, never copied.
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "gpucost/model/catalog.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

enum class Section { gpus, builds, cloud };

const char* name_of(Section s) {
    switch (s) {
        case Section::gpus: return "gpus";
        case Section::builds: return "builds";
        default: return "cloud";
    }
}

// Where an id sits in the catalogue: its section and index there.
struct Place {
    Section section;
    std::size_t index;
};

// Copies of the ids rather than views: replacing an entry or growing a section moves the strings.
using Index = std::unordered_map<std::string, Place>;

// The ids of the catalogue before the merge.
template <typename T>
void index_section(const std::vector<T>& entries, Section section, Index& index) {
    for (std::size_t i = 0; i < entries.size(); ++i) index.emplace(entries[i].id, Place{section, i});
}

// Ids are unique across sections, so an overlay entry may replace only its own kind: a GPU silently
// replaced by a cloud offer would leave every build that names it dangling.
// Only the catalogue's own ids are looked up: an overlay's ids are unique across its sections (parse_catalog_overlay
// refuses a repeat), so an appended entry is never replaced by a later one of the same overlay.
// The appended entries are compacted in `from`; when they outnumber the catalogue's (200,000 imported offers over
// the embedded 113), the catalogue's are moved in front of them in `from`'s buffer, which the overlay reader leaves
// room for, rather than all of them into a new buffer: no second 70 MB of pages to fault in at the peak.
template <typename T>
void merge_section(const Index& index, std::vector<T>& into, std::vector<T>& from, Section section,
                   const std::string& base_origin, std::vector<Problem>& problems) {
    std::size_t appended = 0;
    for (std::size_t i = 0; i < from.size(); ++i) {
        T& entry = from[i];
        const auto held = index.find(entry.id);
        if (held != index.end() && held->second.section != section) {
            problems.push_back({fmt::format("/{}/{}/id", name_of(section), i),
                                fmt::format("id {} is already used in {} of {}; an overlay entry replaces only an "
                                            "entry of its own section, so choose another id",
                                            quote_value(entry.id), name_of(held->second.section), base_origin)});
            continue;
        }
        if (held != index.end()) {
            into[held->second.index] = std::move(entry);
        } else {
            if (appended != i) from[appended] = std::move(entry);
            ++appended;
        }
    }
    from.erase(from.begin() + static_cast<std::ptrdiff_t>(appended), from.end());
    if (from.size() > into.size() && from.capacity() - from.size() >= into.size()) {
        from.insert(from.begin(), std::make_move_iterator(into.begin()), std::make_move_iterator(into.end()));
        into.swap(from);
    } else {
        into.insert(into.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
    }
}

// Each entry of `from` replaces the entry of `into` with its id, or is appended (a linear scan: a catalogue holds
// tens).
template <class Entry>
void replace_by_id(std::vector<Entry>& into, std::vector<Entry>& from) {
    for (Entry& e : from) {
        const auto held = std::find_if(into.begin(), into.end(), [&](const Entry& mine) { return mine.id == e.id; });
        if (held != into.end())
            *held = std::move(e);
        else
            into.push_back(std::move(e));
    }
}

}  // namespace

void merge_catalog(Catalog& catalog, Catalog overlay) {
    std::vector<Problem> problems;
    Index index;
    index.reserve(catalog.gpus.size() + catalog.builds.size() + catalog.cloud.size());
    index_section(catalog.gpus, Section::gpus, index);
    index_section(catalog.builds, Section::builds, index);
    index_section(catalog.cloud, Section::cloud, index);
    // The overlay's GPU ids by index, for the price check below (the overlay's entries are moved out next).
    std::unordered_map<std::string, std::size_t> overlay_gpus;
    for (std::size_t i = 0; i < overlay.gpus.size(); ++i) overlay_gpus.emplace(overlay.gpus[i].id, i);
    const std::string base_origin = catalog.origin;
    merge_section(index, catalog.gpus, overlay.gpus, Section::gpus, base_origin, problems);
    merge_section(index, catalog.builds, overlay.builds, Section::builds, base_origin, problems);
    merge_section(index, catalog.cloud, overlay.cloud, Section::cloud, base_origin, problems);

    // Workloads and API offers have ids of their own: an overlay's replaces the catalogue's of the same id whole,
    // the rest are appended.
    replace_by_id(catalog.workloads, overlay.workloads);
    replace_by_id(catalog.api_offers, overlay.api_offers);

    for (const AssumptionInfo& i : assumption_infos()) {
        const auto k = static_cast<std::size_t>(i.key);
        if (!overlay.assumptions.values[k]) continue;
        catalog.assumptions.values[k] = overlay.assumptions.values[k];
        catalog.assumptions.sources[k] =
            overlay.assumptions.sources[k].empty() ? SharedText(overlay.origin) : overlay.assumptions.sources[k];
        catalog.assumptions.origins[k] = "overlay " + overlay.origin;  // the report's "from" column names the file
    }
    catalog.assumption_ranges = merge_ranges({&catalog.assumption_ranges, &overlay.assumption_ranges});

    // An overlay GPU without a price that replaces a priced one would leave the builds relying on it at $0.
    std::unordered_map<std::string_view, const Gpu*> gpus;
    for (const Gpu& g : catalog.gpus) gpus.emplace(g.id, &g);
    for (const Build& b : catalog.builds) {
        const auto gpu = gpus.find(b.gpu);
        if (gpu == gpus.end() || gpu->second->price_usd || b.gpu_price_usd) continue;
        const auto from_overlay = overlay_gpus.find(b.gpu);
        if (from_overlay == overlay_gpus.end()) continue;  // both came from one file, which was checked whole
        problems.push_back({fmt::format("/gpus/{}/price_usd", from_overlay->second),
                            fmt::format("missing; build {} (in {}) uses GPU {} and gives no gpu_price_usd of its own, "
                                        "so the GPU needs a price_usd",
                                        quote_value(b.id), base_origin, quote_value(b.gpu))});
    }

    if (!problems.empty()) throw ValidationError(overlay.origin, std::move(problems));
    catalog.origin = fmt::format("{} + {}", catalog.origin, overlay.origin);
}

}  // namespace gpucost

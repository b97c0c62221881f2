// --add-catalog: a user's overlay merged over the catalogue in use, entry by entry and assumption by assumption.
#include <algorithm>

#include <fmt/format.h>

#include "gpucost/model/catalog.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// The section that already holds `id`, or null.
const char* section_of(const Catalog& c, const std::string& id) {
    if (c.find_gpu(id) != nullptr) return "gpus";
    if (c.find_build(id) != nullptr) return "builds";
    if (c.find_offer(id) != nullptr) return "cloud";
    return nullptr;
}

// Ids are unique across sections, so an overlay entry may replace only its own kind: a GPU silently
// replaced by a cloud offer would leave every build that names it dangling.
template <typename T>
void merge_section(const Catalog& before, std::vector<T>& into, std::vector<T>& from, const char* name,
                   const std::string& base_origin, std::vector<Problem>& problems) {
    for (std::size_t i = 0; i < from.size(); ++i) {
        T& entry = from[i];
        const char* held_in = section_of(before, entry.id);
        if (held_in != nullptr && std::string_view(held_in) != name) {
            problems.push_back({fmt::format("/{}/{}/id", name, i),
                                fmt::format("id {} is already used in {} of {}; an overlay entry replaces only an "
                                            "entry of its own section, so choose another id",
                                            quote_value(entry.id), held_in, base_origin)});
            continue;
        }
        const auto it = std::find_if(into.begin(), into.end(), [&](const T& e) { return e.id == entry.id; });
        if (it != into.end())
            *it = std::move(entry);
        else
            into.push_back(std::move(entry));
    }
}

}  // namespace

void merge_catalog(Catalog& catalog, Catalog overlay) {
    std::vector<Problem> problems;
    const Catalog before = catalog;
    std::vector<std::string> overlay_gpu_ids;
    for (const Gpu& g : overlay.gpus) overlay_gpu_ids.push_back(g.id);
    merge_section(before, catalog.gpus, overlay.gpus, "gpus", catalog.origin, problems);
    merge_section(before, catalog.builds, overlay.builds, "builds", catalog.origin, problems);
    merge_section(before, catalog.cloud, overlay.cloud, "cloud", catalog.origin, problems);

    for (const AssumptionInfo& i : assumption_infos()) {
        const auto k = static_cast<std::size_t>(i.key);
        if (!overlay.assumptions.values[k]) continue;
        catalog.assumptions.values[k] = overlay.assumptions.values[k];
        catalog.assumptions.sources[k] =
            overlay.assumptions.sources[k].empty() ? overlay.origin : overlay.assumptions.sources[k];
        catalog.assumptions.origins[k] = "overlay " + overlay.origin;  // the report's "from" column names the file
    }

    // An overlay GPU without a price that replaces a priced one would leave the builds relying on it at $0.
    for (const Build& b : catalog.builds) {
        const Gpu* gpu = catalog.find_gpu(b.gpu);
        if (gpu == nullptr || gpu->price_usd || b.gpu_price_usd) continue;
        const auto it = std::find(overlay_gpu_ids.begin(), overlay_gpu_ids.end(), gpu->id);
        if (it == overlay_gpu_ids.end()) continue;  // both came from one file, which was checked whole
        problems.push_back({fmt::format("/gpus/{}/price_usd", it - overlay_gpu_ids.begin()),
                            fmt::format("missing; build {} (in {}) uses GPU {} and gives no gpu_price_usd of its own, "
                                        "so the GPU needs a price_usd",
                                        quote_value(b.id), before.origin, quote_value(gpu->id))});
    }

    if (!problems.empty()) throw ValidationError(overlay.origin, std::move(problems));
    catalog.origin = fmt::format("{} + {}", catalog.origin, overlay.origin);
}

}  // namespace gpucost

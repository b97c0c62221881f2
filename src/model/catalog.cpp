#include "gpucost/model/catalog.hpp"

#include <algorithm>

namespace gpucost {

const Gpu* Catalog::find_gpu(std::string_view id) const {
    const auto it = std::find_if(gpus.begin(), gpus.end(), [&](const Gpu& g) { return g.id == id; });
    return it == gpus.end() ? nullptr : &*it;
}

const Build* Catalog::find_build(std::string_view id) const {
    const auto it = std::find_if(builds.begin(), builds.end(), [&](const Build& b) { return b.id == id; });
    return it == builds.end() ? nullptr : &*it;
}

const CloudOffer* Catalog::find_offer(std::string_view id) const {
    const auto it = std::find_if(cloud.begin(), cloud.end(), [&](const CloudOffer& o) { return o.id == id; });
    return it == cloud.end() ? nullptr : &*it;
}

const char* to_string(CatalogSection section) noexcept {
    switch (section) {
        case CatalogSection::gpus: return "gpus";
        case CatalogSection::builds: return "builds";
        case CatalogSection::cloud: return "cloud";
    }
    return "";
}

std::optional<EntryRef> Catalog::find_entry(std::string_view id) const {
    if (const Gpu* g = find_gpu(id)) return EntryRef{CatalogSection::gpus, g, nullptr, nullptr};
    if (const Build* b = find_build(id)) return EntryRef{CatalogSection::builds, nullptr, b, nullptr};
    if (const CloudOffer* o = find_offer(id)) return EntryRef{CatalogSection::cloud, nullptr, nullptr, o};
    return std::nullopt;
}

namespace {

template <typename T>
void append_ids(const std::vector<T>& entries, std::vector<std::string>& ids) {
    for (const T& e : entries) ids.push_back(e.id);
}

}  // namespace

std::vector<std::string> Catalog::ids(CatalogSection section) const {
    std::vector<std::string> out;
    switch (section) {
        case CatalogSection::gpus: append_ids(gpus, out); break;
        case CatalogSection::builds: append_ids(builds, out); break;
        case CatalogSection::cloud: append_ids(cloud, out); break;
    }
    return out;
}

std::vector<std::string> Catalog::all_ids() const {
    std::vector<std::string> out;
    out.reserve(gpus.size() + builds.size() + cloud.size());
    append_ids(gpus, out);
    append_ids(builds, out);
    append_ids(cloud, out);
    return out;
}

double gpu_price_for(const Build& build, const Gpu& gpu) {
    return build.gpu_price_usd ? *build.gpu_price_usd : gpu.price_usd.value_or(0.0);
}

}  // namespace gpucost

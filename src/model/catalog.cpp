#include "gpucost/model/catalog.hpp"

#include <algorithm>

#include <fmt/format.h>

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

const Workload* Catalog::find_workload(std::string_view id) const {
    const auto it = std::find_if(workloads.begin(), workloads.end(), [&](const Workload& w) { return w.id == id; });
    return it == workloads.end() ? nullptr : &*it;
}

std::optional<double> Workload::throughput(std::string_view gpu_id) const {
    for (const WorkloadFigure& f : per_gpu)
        if (f.gpu == gpu_id) return f.throughput;
    return std::nullopt;
}

std::string_view workload_rate_unit(std::string_view unit) noexcept {
    if (unit.size() < 3 || unit.substr(unit.size() - 2) != "/s") return {};
    return unit.substr(0, unit.size() - 2);
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

Interconnect interconnect_of(const Build& build) noexcept {
    return build.interconnect.value_or(k_default_interconnect);
}
Interconnect interconnect_of(const CloudOffer& offer) noexcept {
    return offer.interconnect.value_or(k_default_interconnect);
}
std::int64_t gpus_per_node_of(const Build& build) noexcept {
    return build.gpus_per_node.value_or(std::min(build.gpu_count, k_max_default_gpus_per_node));
}
double nvlink_gbs_of(const Gpu& gpu) noexcept { return gpu.nvlink_gbs.value_or(0.0); }

std::vector<Problem> like_for_like_gaps(const Catalog& c) {
    std::vector<Problem> out;
    const auto gap = [&](const char* section, std::size_t i, const char* key, const char* reading) {
        out.push_back({fmt::format("/{}/{}/{}", section, i, key), fmt::format("missing; read as {}", reading)});
    };
    for (std::size_t i = 0; i < c.gpus.size(); ++i) {
        if (!c.gpus[i].form_factor) gap("gpus", i, "form_factor", "unknown");
        if (!c.gpus[i].nvlink_gbs) gap("gpus", i, "nvlink_gbs", "0 (no NVLink)");
    }
    for (std::size_t i = 0; i < c.builds.size(); ++i) {
        if (c.builds[i].gpu_count < 2) continue;
        if (!c.builds[i].interconnect) gap("builds", i, "interconnect", "pcie");
        if (!c.builds[i].gpus_per_node) gap("builds", i, "gpus_per_node", "gpu_count, up to 8");
    }
    for (std::size_t i = 0; i < c.cloud.size(); ++i) {
        if (!c.cloud[i].tier) gap("cloud", i, "tier", "unclassified (no --tier keeps it)");
        if (c.cloud[i].gpu_count > 1 && !c.cloud[i].interconnect) gap("cloud", i, "interconnect", "pcie");
    }
    return out;
}

double gpu_price_for(const Build& build, const Gpu& gpu) {
    return build.gpu_price_usd ? *build.gpu_price_usd : gpu.price_usd.value_or(0.0);
}

}  // namespace gpucost

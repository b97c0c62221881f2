// `catalog list` and `show` as CSV: full precision, RFC 4180 quoting, an empty cell for not applicable.
#include <algorithm>

#include <fmt/format.h>

#include "gpucost/render/listing.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

std::string cell(double v) { return exact_number(v); }
std::string cell(const std::optional<double>& v) { return v ? exact_number(*v) : ""; }
template <typename Enum>
std::string name_cell(const std::optional<Enum>& v) {
    return v ? std::string(to_string(*v)) : "";
}
std::string count_cell(const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : ""; }
std::string confidence_text(const Provenance& p) { return p.confidence.empty() ? "sourced" : p.confidence; }

// One layout for every section, so a listing of all three is still one table; the public column order
// (docs/catalog.md) only grows at the end.
const std::vector<std::string> k_csv_columns = {"section",
                                                "id",
                                                "name",
                                                "vendor",
                                                "provider",
                                                "instance",
                                                "region",
                                                "gpu",
                                                "gpu_count",
                                                "vram_gb",
                                                "tdp_w",
                                                "idle_w",
                                                "price_usd",
                                                "hardware_usd",
                                                "on_demand_usd_per_hour",
                                                "spot_usd_per_hour",
                                                "reserved_1y_usd_per_hour",
                                                "reserved_3y_usd_per_hour",
                                                "pricing",
                                                "usd_per_gpu_hour",
                                                "as_of",
                                                "confidence",
                                                "source",
                                                "note",
                                                "form_factor",
                                                "nvlink_gbs",
                                                "interconnect",
                                                "gpus_per_node",
                                                "tier",
                                                "vcpus",
                                                "ram_gib",
                                                "local_disk_tb",
                                                "unit",
                                                "throughput_per_gpu"};

// The numeric columns are written as they are; every other column is text and is guarded against formula injection.
bool numeric_column(std::size_t i) {
    static const std::vector<std::string> numeric = {"gpu_count",
                                                     "vram_gb",
                                                     "tdp_w",
                                                     "idle_w",
                                                     "price_usd",
                                                     "hardware_usd",
                                                     "on_demand_usd_per_hour",
                                                     "spot_usd_per_hour",
                                                     "reserved_1y_usd_per_hour",
                                                     "reserved_3y_usd_per_hour",
                                                     "usd_per_gpu_hour",
                                                     "nvlink_gbs",
                                                     "gpus_per_node",
                                                     "vcpus",
                                                     "ram_gib",
                                                     "local_disk_tb",
                                                     "throughput_per_gpu"};
    return std::find(numeric.begin(), numeric.end(), k_csv_columns[i]) != numeric.end();
}

std::string csv_row(std::vector<std::string> cells) {
    for (std::size_t i = 0; i < cells.size(); ++i)
        cells[i] = numeric_column(i) ? csv_field(cells[i]) : csv_text_field(cells[i]);
    return fmt::format("{}\n", fmt::join(cells, ","));
}

std::string gpu_row(const Gpu& g) {
    const Provenance& p = g.provenance;
    return csv_row({"gpus",
                    g.id,
                    g.name,
                    g.vendor,
                    "",
                    "",
                    "",
                    "",
                    "",
                    cell(g.vram_gb),
                    cell(g.tdp_w),
                    cell(g.idle_w),
                    cell(g.price_usd),
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    p.as_of,
                    confidence_text(p),
                    p.source,
                    p.note,
                    name_cell(g.form_factor),
                    cell(g.nvlink_gbs),
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    ""});
}

std::string build_row(const BuildRow& r) {
    const Build& b = r.build;
    const Provenance& p = b.provenance;
    return csv_row({"builds",
                    b.id,
                    b.name,
                    "",
                    "",
                    "",
                    "",
                    b.gpu,
                    std::to_string(b.gpu_count),
                    cell(r.vram_gb),
                    "",
                    "",
                    cell(b.gpu_price_usd),
                    cell(r.hardware_usd),
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    p.as_of,
                    confidence_text(p),
                    p.source,
                    p.note,
                    "",
                    "",
                    name_cell(b.interconnect),
                    count_cell(b.gpus_per_node),
                    "",
                    "",
                    "",
                    "",
                    "",
                    ""});
}

std::string offer_row(const OfferRow& r, Pricing pricing) {
    const CloudOffer& o = r.offer;
    const Provenance& p = o.provenance;
    return csv_row({"cloud",
                    o.id,
                    "",
                    "",
                    o.provider,
                    o.instance,
                    o.region,
                    o.gpu,
                    std::to_string(o.gpu_count),
                    cell(r.vram_gb),
                    "",
                    "",
                    "",
                    "",
                    cell(o.price(Pricing::on_demand)),
                    cell(o.price(Pricing::spot)),
                    cell(o.price(Pricing::reserved_1y)),
                    cell(o.price(Pricing::reserved_3y)),
                    to_string(pricing),
                    cell(r.per_gpu_hour(pricing)),
                    p.as_of,
                    confidence_text(p),
                    p.source,
                    p.note,
                    "",
                    "",
                    name_cell(o.interconnect),
                    "",
                    name_cell(o.tier),
                    count_cell(o.vcpus),
                    cell(o.ram_gib),
                    cell(o.local_disk_tb),
                    "",
                    ""});
}

// One row per GPU a workload measures: the workload's id and name, the GPU, its figure and the workload's unit.
std::string workload_rows(const Workload& w) {
    const Provenance& p = w.provenance;
    std::string out;
    for (const WorkloadFigure& f : w.per_gpu) {
        std::vector<std::string> cells(k_csv_columns.size());
        const auto set = [&cells](std::string_view column, std::string value) {
            const auto at = std::find(k_csv_columns.begin(), k_csv_columns.end(), column);
            cells[static_cast<std::size_t>(at - k_csv_columns.begin())] = std::move(value);
        };
        set("section", "workloads");
        set("id", w.id);
        set("name", w.name);
        set("gpu", f.gpu);
        set("as_of", p.as_of);
        set("confidence", confidence_text(p));
        set("source", p.source);
        set("note", p.note);
        set("unit", w.unit);
        set("throughput_per_gpu", cell(f.throughput));
        out += csv_row(std::move(cells));
    }
    return out;
}

}  // namespace

std::string render_listing_csv(const Listing& l) {
    std::string out = fmt::format("{}\n", fmt::join(k_csv_columns, ","));
    for (const Gpu& g : l.gpus) out += gpu_row(g);
    for (const BuildRow& b : l.builds) out += build_row(b);
    for (const OfferRow& o : l.cloud) out += offer_row(o, l.pricing);
    for (const Workload& w : l.workloads) out += workload_rows(w);
    return out;
}

std::string render_entry_csv(const CatalogEntry& entry) {
    std::string out = "field,value\n";
    for (const EntryField& f : entry_fields(entry)) out += csv_row({f.key, f.text.value_or("")});
    return out;
}

}  // namespace gpucost

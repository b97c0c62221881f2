// `catalog list` and `show` as rows (CSV, TSV). A listing is one table for every section, so a listing of all of
// them is still one sheet: each section names the fields it has, and the rest of a row is empty. The column list
// is the public contract (docs/catalog.md), in order; a new column is appended to it.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "gpucost/render/listing.hpp"

namespace gpucost {
namespace {

// Money columns are named in US dollars; the writer renames them for another currency.
constexpr const char* k_columns[] = {"section",
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

using Named = std::vector<std::pair<const char*, Field>>;

Field text(std::string value) { return Field::of_text(std::move(value)); }
Field optional_text(const std::optional<std::string>& value) { return value ? text(*value) : Field::missing(); }
Field count(const std::optional<std::int64_t>& v) { return v ? Field::of_count(*v) : Field::missing(); }

// A row in the contract's order: the section, the entry's provenance and its named fields each in its column, every
// other column empty.
std::vector<Field> in_order(const char* section, const Provenance& p, const Named& named) {
    std::vector<Field> row(std::size(k_columns));
    const auto put = [&row](std::string_view column, const Field& field) {
        const auto at = std::ranges::find(k_columns, column, [](const char* c) { return std::string_view(c); });
        if (at == std::end(k_columns)) throw std::logic_error(fmt::format("listing rows: no column {}", column));
        row[static_cast<std::size_t>(at - std::begin(k_columns))] = field;
    };
    put("section", text(section));
    put("as_of", text(p.as_of));
    put("confidence", text(p.confidence.empty() ? "sourced" : p.confidence));
    put("source", text(p.source));
    put("note", text(p.note));
    for (const auto& [column, field] : named) put(column, field);
    return row;
}

std::vector<Field> gpu_row(const Gpu& g) {
    return in_order("gpus", g.provenance,
                    {{"id", text(g.id)},
                     {"name", text(g.name)},
                     {"vendor", text(g.vendor)},
                     {"vram_gb", Field::of_number(g.vram_gb)},
                     {"tdp_w", Field::of_number(g.tdp_w)},
                     {"idle_w", Field::of_number(g.idle_w)},
                     {"price_usd", Field::of_money(g.price_usd)},
                     {"form_factor", optional_text(enum_name(g.form_factor))},
                     {"nvlink_gbs", Field::of_number(g.nvlink_gbs)}});
}

std::vector<Field> build_row(const BuildRow& r) {
    const Build& b = r.build;
    return in_order("builds", b.provenance,
                    {{"id", text(b.id)},
                     {"name", text(b.name)},
                     {"gpu", text(b.gpu)},
                     {"gpu_count", Field::of_count(b.gpu_count)},
                     {"vram_gb", Field::of_number(r.vram_gb)},
                     {"price_usd", Field::of_money(b.gpu_price_usd)},
                     {"hardware_usd", Field::of_money(r.hardware_usd)},
                     {"interconnect", optional_text(enum_name(b.interconnect))},
                     {"gpus_per_node", count(b.gpus_per_node)}});
}

std::vector<Field> offer_row(const OfferRow& r, Pricing pricing) {
    const CloudOffer& o = r.offer;
    return in_order("cloud", o.provenance,
                    {{"id", text(o.id)},
                     {"provider", text(o.provider)},
                     {"instance", text(o.instance)},
                     {"region", text(o.region)},
                     {"gpu", text(o.gpu)},
                     {"gpu_count", Field::of_count(o.gpu_count)},
                     {"vram_gb", Field::of_number(r.vram_gb)},
                     {"on_demand_usd_per_hour", Field::of_money(o.price(Pricing::on_demand))},
                     {"spot_usd_per_hour", Field::of_money(o.price(Pricing::spot))},
                     {"reserved_1y_usd_per_hour", Field::of_money(o.price(Pricing::reserved_1y))},
                     {"reserved_3y_usd_per_hour", Field::of_money(o.price(Pricing::reserved_3y))},
                     {"pricing", text(to_string(pricing))},
                     {"usd_per_gpu_hour", Field::of_money(r.per_gpu_hour(pricing))},
                     {"interconnect", optional_text(enum_name(o.interconnect))},
                     {"tier", optional_text(enum_name(o.tier))},
                     {"vcpus", count(o.vcpus)},
                     {"ram_gib", Field::of_number(o.ram_gib)},
                     {"local_disk_tb", Field::of_number(o.local_disk_tb)}});
}

// One row per GPU a workload measures: the workload's id and name, the GPU, its figure and the workload's unit.
std::vector<Field> workload_row(const Workload& w, const WorkloadFigure& figure) {
    return in_order("workloads", w.provenance,
                    {{"id", text(w.id)},
                     {"name", text(w.name)},
                     {"gpu", text(figure.gpu)},
                     {"unit", text(w.unit)},
                     {"throughput_per_gpu", Field::of_number(figure.throughput)}});
}

}  // namespace

RowSet rows_of(const Listing& l) {
    RowSet set;
    for (const char* c : k_columns) set.columns.push_back({c, false});
    for (const Gpu& g : l.gpus) set.rows.push_back(gpu_row(g));
    for (const BuildRow& b : l.builds) set.rows.push_back(build_row(b));
    for (const OfferRow& o : l.cloud) set.rows.push_back(offer_row(o, l.pricing));
    for (const Workload& w : l.workloads)
        for (const WorkloadFigure& f : w.per_gpu) set.rows.push_back(workload_row(w, f));
    return set;
}

// "field,value" then one row per field, every value as text (the entry's figures are written exactly).
RowSet rows_of(const CatalogEntry& entry) {
    RowSet set{{{"field", false}, {"value", false}}, {}, {}};
    for (const EntryField& f : entry_fields(entry))
        set.rows.push_back({text(f.key), f.text ? text(*f.text) : Field::missing()});
    return set;
}

}  // namespace gpucost

#include "gpucost/render/catalog_listing.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpucost/render/money.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

using Json = nlohmann::ordered_json;

bool same_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

template <typename T>
std::vector<std::string> ids_of(const std::vector<T>& entries) {
    std::vector<std::string> ids;
    for (const T& e : entries) ids.push_back(e.id);
    return ids;
}

bool vram_ok(const Catalog& c, const std::string& gpu_id, const ListingFilter& f) {
    if (!f.min_vram_gb) return true;
    const Gpu* g = c.find_gpu(gpu_id);
    return g != nullptr && g->vram_gb >= *f.min_vram_gb;
}

std::string confidence_text(const Provenance& p) { return p.confidence.empty() ? "sourced" : p.confidence; }

// The table's short mark: blank for sourced, like the "*" of compare for the rest.
std::string confidence_mark(const Provenance& p) { return p.confidence.empty() ? "" : p.confidence; }

// ---- table ----

enum class Align { left, right };

// Columns padded to their widest cell; widths count UTF-8 code points.
std::string aligned(const std::vector<std::vector<std::string>>& rows, const std::vector<Align>& align) {
    const auto width = [](const std::string& text) {
        return static_cast<std::size_t>(std::count_if(
            text.begin(), text.end(), [](char ch) { return (static_cast<unsigned char>(ch) & 0xC0) != 0x80; }));
    };
    std::vector<std::size_t> widths(align.size(), 0);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], width(row[i]));
    std::string out;
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i) {
            const std::string pad(widths[i] - width(row[i]), ' ');
            if (i > 0) line += "  ";
            line += align[i] == Align::right ? pad + row[i] : row[i] + pad;
        }
        line.erase(line.find_last_not_of(' ') + 1);
        out += line + "\n";
    }
    return out;
}

std::string optional_usd(const std::optional<double>& v) { return v ? format_usd(*v) : "-"; }
std::string optional_number(const std::optional<double>& v, int decimals) {
    return v ? format_grouped(*v, decimals) : "-";
}

std::string gpus_table(const Listing& l) {
    std::vector<std::vector<std::string>> rows = {
        {"id", "name", "vendor", "vram_gb", "tdp_w", "bf16_tflops", "price", "as_of", "confidence"}};
    for (const Gpu* g : l.gpus)
        rows.push_back({g->id, g->name, g->vendor, format_grouped(g->vram_gb, 0), format_grouped(g->tdp_w, 0),
                        optional_number(g->bf16_tflops, 0), optional_usd(g->price_usd), g->provenance.as_of,
                        confidence_mark(g->provenance)});
    return aligned(rows, {Align::left, Align::left, Align::left, Align::right, Align::right, Align::right, Align::right,
                          Align::left, Align::left});
}

double hardware_usd(const Catalog& c, const Build& b) {
    const Gpu* g = c.find_gpu(b.gpu);
    return (g != nullptr ? gpu_price_for(b, *g) : 0.0) * static_cast<double>(b.gpu_count) + b.base_price_usd;
}

std::string builds_table(const Listing& l) {
    std::vector<std::vector<std::string>> rows = {
        {"id", "gpus", "hardware", "load_w", "idle_w", "as_of", "confidence"}};
    for (const Build* b : l.builds) {
        const Gpu* g = l.catalog->find_gpu(b->gpu);
        const double load_w = b->base_load_w + (g != nullptr ? g->tdp_w * static_cast<double>(b->gpu_count) : 0.0);
        const double idle_w = b->base_idle_w + (g != nullptr ? g->idle_w * static_cast<double>(b->gpu_count) : 0.0);
        rows.push_back({b->id, fmt::format("{} x {}", b->gpu_count, b->gpu), format_usd(hardware_usd(*l.catalog, *b)),
                        format_grouped(load_w, 0), format_grouped(idle_w, 0), b->provenance.as_of,
                        confidence_mark(b->provenance)});
    }
    return aligned(rows,
                   {Align::left, Align::left, Align::right, Align::right, Align::right, Align::left, Align::left});
}

std::string cloud_table(const Listing& l) {
    std::vector<std::vector<std::string>> rows = {
        {"id", "provider", "region", "gpus", "on-demand", "spot", "reserved-1y", "reserved-3y",
         fmt::format("per_gpu_hour ({})", to_string(l.pricing)), "as_of", "confidence"}};
    const auto rate = [](const std::optional<double>& v) { return format_optional_rate(v); };
    for (const CloudOffer* o : l.cloud)
        rows.push_back({o->id, o->provider, o->region, fmt::format("{} x {}", o->gpu_count, o->gpu),
                        rate(o->price(Pricing::on_demand)), rate(o->price(Pricing::spot)),
                        rate(o->price(Pricing::reserved_1y)), rate(o->price(Pricing::reserved_3y)),
                        rate(usd_per_gpu_hour(*o, l.pricing)), o->provenance.as_of, confidence_mark(o->provenance)});
    return aligned(rows, {Align::left, Align::left, Align::left, Align::left, Align::right, Align::right, Align::right,
                          Align::right, Align::right, Align::left, Align::left});
}

std::string listing_table(const Listing& l) {
    std::vector<std::string> parts;
    const auto section = [&](const char* title, std::size_t count, const std::string& body) {
        parts.push_back(fmt::format("{} ({})\n{}", title, count, count == 0 ? "  (none match)\n" : body));
    };
    if (l.filter.gpus) section("GPUs", l.gpus.size(), gpus_table(l));
    if (l.filter.builds) section("Builds", l.builds.size(), builds_table(l));
    if (l.filter.cloud) section("Cloud offers", l.cloud.size(), cloud_table(l));
    std::string out = fmt::format("{}", fmt::join(parts, "\n"));
    out += fmt::format("\nCatalogue: {} (as of {}). Prices in USD; per-instance hourly prices; "
                       "`gpucost catalog show ID` gives an entry's source and note.\n",
                       l.catalog->origin, l.catalog->as_of);
    return out;
}

// ---- JSON ----

template <typename T>
Json nullable(const std::optional<T>& v) {
    return v ? Json(*v) : Json(nullptr);
}

void add_provenance(Json& j, const Provenance& p) {
    j["source"] = p.source;
    j["as_of"] = p.as_of;
    j["confidence"] = confidence_text(p);
    j["note"] = p.note;
}

Json gpu_json(const Gpu& g) {
    Json j = {{"id", g.id},
              {"name", g.name},
              {"vendor", g.vendor},
              {"vram_gb", g.vram_gb},
              {"tdp_w", g.tdp_w},
              {"idle_w", g.idle_w},
              {"price_usd", nullable(g.price_usd)},
              {"bf16_tflops", nullable(g.bf16_tflops)},
              {"fp64_tflops", nullable(g.fp64_tflops)},
              {"mem_bw_gbs", g.mem_bw_gbs},
              {"aliases", g.aliases}};
    add_provenance(j, g.provenance);
    return j;
}

Json layer_json(const AssumptionLayer& layer) {
    Json j = Json::object();
    for (const AssumptionInfo& i : assumption_infos()) {
        const auto& held = layer.get(i.key);
        if (!held) continue;
        const AssumptionValue v = input_value(i.key, *held);
        if (const auto* p = std::get_if<Pricing>(&v))
            j[std::string(i.name)] = to_string(*p);
        else if (const auto* idle = std::get_if<IdlePolicy>(&v))
            j[std::string(i.name)] = to_string(*idle);
        else
            j[std::string(i.name)] = std::get<double>(v);
    }
    return j;
}

Json build_json(const Catalog& c, const Build& b) {
    Json j = {{"id", b.id},
              {"name", b.name},
              {"gpu", b.gpu},
              {"gpu_count", b.gpu_count},
              {"gpu_price_usd", nullable(b.gpu_price_usd)},
              {"base_price_usd", b.base_price_usd},
              {"base_load_w", b.base_load_w},
              {"base_idle_w", b.base_idle_w},
              {"setup_usd", b.setup_usd},
              {"hardware_usd", hardware_usd(c, b)},
              {"assumptions", layer_json(b.assumptions)}};
    add_provenance(j, b.provenance);
    return j;
}

Json offer_json(const CloudOffer& o, Pricing pricing) {
    Json prices = Json::object();
    for (std::size_t p = 0; p < k_pricing_count; ++p)
        prices[to_string(static_cast<Pricing>(p))] = nullable(o.usd_per_hour[p]);
    Json j = {{"id", o.id},
              {"provider", o.provider},
              {"instance", o.instance},
              {"region", o.region},
              {"gpu", o.gpu},
              {"gpu_count", o.gpu_count},
              {"usd_per_hour", prices},
              {"pricing", to_string(pricing)},
              {"usd_per_gpu_hour", nullable(usd_per_gpu_hour(o, pricing))}};
    add_provenance(j, o.provenance);
    return j;
}

std::string listing_json(const Listing& l) {
    Json j = {{"schema_version", 1}, {"catalog_source", l.catalog->origin}, {"catalog_as_of", l.catalog->as_of}};
    if (l.filter.gpus) {
        Json a = Json::array();
        for (const Gpu* g : l.gpus) a.push_back(gpu_json(*g));
        j["gpus"] = a;
    }
    if (l.filter.builds) {
        Json a = Json::array();
        for (const Build* b : l.builds) a.push_back(build_json(*l.catalog, *b));
        j["builds"] = a;
    }
    if (l.filter.cloud) {
        Json a = Json::array();
        for (const CloudOffer* o : l.cloud) a.push_back(offer_json(*o, l.pricing));
        j["cloud"] = a;
    }
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// ---- CSV ----

std::string cell(double v) { return exact_number(v); }
std::string cell(const std::optional<double>& v) { return v ? exact_number(*v) : ""; }

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
                                                "note"};

std::string csv_row(std::vector<std::string> cells) {
    for (std::string& c : cells) c = csv_field(c);
    return fmt::format("{}\n", fmt::join(cells, ","));
}

std::string listing_csv(const Listing& l) {
    std::string out = fmt::format("{}\n", fmt::join(k_csv_columns, ","));
    for (const Gpu* g : l.gpus) {
        const Provenance& p = g->provenance;
        out += csv_row({"gpus",
                        g->id,
                        g->name,
                        g->vendor,
                        "",
                        "",
                        "",
                        "",
                        "",
                        cell(g->vram_gb),
                        cell(g->tdp_w),
                        cell(g->idle_w),
                        cell(g->price_usd),
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
                        p.note});
    }
    for (const Build* b : l.builds) {
        const Provenance& p = b->provenance;
        const Gpu* g = l.catalog->find_gpu(b->gpu);
        out += csv_row({"builds",
                        b->id,
                        b->name,
                        "",
                        "",
                        "",
                        "",
                        b->gpu,
                        std::to_string(b->gpu_count),
                        g != nullptr ? cell(g->vram_gb) : "",
                        "",
                        "",
                        cell(b->gpu_price_usd),
                        cell(hardware_usd(*l.catalog, *b)),
                        "",
                        "",
                        "",
                        "",
                        "",
                        "",
                        p.as_of,
                        confidence_text(p),
                        p.source,
                        p.note});
    }
    for (const CloudOffer* o : l.cloud) {
        const Provenance& p = o->provenance;
        const Gpu* g = l.catalog->find_gpu(o->gpu);
        out += csv_row({"cloud",
                        o->id,
                        "",
                        "",
                        o->provider,
                        o->instance,
                        o->region,
                        o->gpu,
                        std::to_string(o->gpu_count),
                        g != nullptr ? cell(g->vram_gb) : "",
                        "",
                        "",
                        "",
                        "",
                        cell(o->price(Pricing::on_demand)),
                        cell(o->price(Pricing::spot)),
                        cell(o->price(Pricing::reserved_1y)),
                        cell(o->price(Pricing::reserved_3y)),
                        to_string(l.pricing),
                        cell(usd_per_gpu_hour(*o, l.pricing)),
                        p.as_of,
                        confidence_text(p),
                        p.source,
                        p.note});
    }
    return out;
}

}  // namespace

std::optional<double> usd_per_gpu_hour(const CloudOffer& offer, Pricing pricing) {
    const auto& price = offer.price(pricing);
    if (!price || offer.gpu_count <= 0) return std::nullopt;
    return *price / static_cast<double>(offer.gpu_count);
}

Listing make_listing(const Catalog& catalog, const ListingFilter& filter) {
    if (filter.gpu && catalog.find_gpu(*filter.gpu) == nullptr)
        throw DataError(fmt::format("--gpu: unknown GPU {}{}; `gpucost catalog list gpus` lists them",
                                    quote_value(*filter.gpu), did_you_mean(*filter.gpu, ids_of(catalog.gpus))));
    Listing l;
    l.catalog = &catalog;
    l.filter = filter;
    l.pricing = filter.pricing.value_or(Pricing::on_demand);
    const auto gpu_ok = [&](const std::string& id) {
        return (!filter.gpu || id == *filter.gpu) && vram_ok(catalog, id, filter);
    };

    if (filter.gpus)
        for (const Gpu& g : catalog.gpus)
            if (gpu_ok(g.id)) l.gpus.push_back(&g);
    if (filter.builds)
        for (const Build& b : catalog.builds)
            if (gpu_ok(b.gpu)) l.builds.push_back(&b);
    if (filter.cloud)
        for (const CloudOffer& o : catalog.cloud) {
            if (!gpu_ok(o.gpu)) continue;
            if (filter.provider && !same_ignoring_case(o.provider, *filter.provider)) continue;
            if (filter.region && !same_ignoring_case(o.region, *filter.region)) continue;
            if (filter.pricing && !o.price(*filter.pricing)) continue;
            l.cloud.push_back(&o);
        }

    std::sort(l.gpus.begin(), l.gpus.end(), [](const Gpu* a, const Gpu* b) {
        if (a->vendor != b->vendor) return a->vendor < b->vendor;
        if (a->name != b->name) return a->name < b->name;
        return a->id < b->id;
    });
    std::sort(l.builds.begin(), l.builds.end(), [](const Build* a, const Build* b) {
        if (a->gpu_count != b->gpu_count) return a->gpu_count < b->gpu_count;
        return a->id < b->id;
    });
    const Pricing p = l.pricing;
    std::sort(l.cloud.begin(), l.cloud.end(), [p](const CloudOffer* a, const CloudOffer* b) {
        const auto pa = usd_per_gpu_hour(*a, p);
        const auto pb = usd_per_gpu_hour(*b, p);
        if (pa.has_value() != pb.has_value()) return pa.has_value();  // priced offers first
        if (pa && pb && *pa != *pb) return *pa < *pb;
        return a->id < b->id;
    });
    return l;
}

std::string render_listing(const Listing& listing, Format format) {
    switch (format) {
        case Format::table:
        case Format::markdown: return listing_table(listing);  // parse_format never yields markdown here
        case Format::json: return listing_json(listing);
        case Format::csv: return listing_csv(listing);
    }
    return {};
}

std::string render_entry(const Catalog& catalog, const std::string& id, Format format, Date today) {
    Json j;
    const Provenance* p = nullptr;
    std::string section;
    if (const Gpu* g = catalog.find_gpu(id)) {
        section = "gpus";
        j = gpu_json(*g);
        p = &g->provenance;
    } else if (const Build* b = catalog.find_build(id)) {
        section = "builds";
        j = build_json(catalog, *b);
        p = &b->provenance;
    } else if (const CloudOffer* o = catalog.find_offer(id)) {
        section = "cloud";
        j = offer_json(*o, Pricing::on_demand);
        j.erase("pricing");
        j.erase("usd_per_gpu_hour");
        Json per_gpu = Json::object();
        for (std::size_t k = 0; k < k_pricing_count; ++k)
            per_gpu[to_string(static_cast<Pricing>(k))] = nullable(usd_per_gpu_hour(*o, static_cast<Pricing>(k)));
        j["usd_per_gpu_hour"] = per_gpu;
        // Provenance last, as in the other sections.
        for (const char* key : {"source", "as_of", "confidence", "note"}) {
            Json v = j[key];
            j.erase(key);
            j[key] = v;
        }
        p = &o->provenance;
    } else {
        std::vector<std::string> all = ids_of(catalog.gpus);
        for (const std::string& s : ids_of(catalog.builds)) all.push_back(s);
        for (const std::string& s : ids_of(catalog.cloud)) all.push_back(s);
        throw DataError(fmt::format("unknown catalogue entry {}{}; `gpucost catalog list` lists them", quote_value(id),
                                    did_you_mean(id, all)));
    }
    const auto as_of = parse_date(p->as_of);
    const bool has_age = as_of.has_value();
    const std::int64_t age = has_age ? days_between(*as_of, today) : 0;

    Json out = {{"schema_version", 1}, {"section", section}};
    for (auto& item : j.items()) out[item.key()] = item.value();
    out["age_days"] = has_age ? Json(age) : Json(nullptr);
    out["today"] = to_string(today);
    out["catalog_source"] = catalog.origin;

    if (format == Format::json) return out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";

    // Table and CSV: one field per line, nested objects flattened with '.'.
    std::vector<std::pair<std::string, std::string>> fields;
    const auto text = [](const Json& v) -> std::string {
        if (v.is_null()) return "-";
        if (v.is_string()) return v.get<std::string>();
        if (v.is_number()) return exact_number(v.get<double>());
        if (v.is_array()) {
            std::vector<std::string> items;
            for (const Json& e : v) items.push_back(e.is_string() ? e.get<std::string>() : e.dump());
            return fmt::format("{}", fmt::join(items, ", "));
        }
        return v.dump();
    };
    for (const auto& item : out.items()) {
        if (item.key() == "schema_version") continue;
        if (item.value().is_object()) {
            for (const auto& sub : item.value().items())
                fields.emplace_back(item.key() + "." + sub.key(), text(sub.value()));
            if (item.value().empty()) fields.emplace_back(item.key(), "-");
        } else {
            fields.emplace_back(item.key(), text(item.value()));
        }
    }
    if (format == Format::csv) {
        std::string csv = "field,value\n";
        for (auto& [k, v] : fields) csv += csv_row({k, v == "-" ? "" : v});
        return csv;
    }
    std::vector<std::vector<std::string>> rows;
    for (auto& [k, v] : fields) {
        if (k == "age_days" && has_age) v = fmt::format("{} days (on {})", age, to_string(today));
        if (k == "today") continue;
        rows.push_back({k + ":", v});
    }
    return aligned(rows, {Align::left, Align::left});
}

}  // namespace gpucost

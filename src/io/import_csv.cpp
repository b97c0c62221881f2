#include "gpucost/io/import_csv.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "gpucost/io/catalog_json_write.hpp"
#include "gpucost/io/csv_reader.hpp"
#include "gpucost/io/json_reader.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// Ids are what users type: lower case, runs of other characters folded to one '-'.
std::string slug(std::string_view text) {
    std::string out;
    for (const char ch : lower(text)) {
        const bool keep = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '.';
        if (keep)
            out += ch;
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
}

// The short names the shipped catalogue's ids use, so an import of a provider's list replaces its offers.
std::string provider_slug(const std::string& provider) {
    static const std::map<std::string, std::string> k_short = {
        {"google cloud", "gcp"}, {"vast.ai", "vast"}, {"together ai", "together"}};
    const auto it = k_short.find(lower(provider));
    return it != k_short.end() ? it->second : slug(provider);
}

// gpuhunt's provider keys as the catalogue writes the providers' names; others are kept as written.
std::string provider_name(const std::string& key) {
    static const std::map<std::string, std::string> k_names = {
        {"aws", "AWS"},       {"gcp", "Google Cloud"},  {"azure", "Azure"},          {"lambdalabs", "Lambda"},
        {"runpod", "RunPod"}, {"vastai", "Vast.ai"},    {"nebius", "Nebius"},        {"datacrunch", "DataCrunch"},
        {"oci", "OCI"},       {"cudo", "Cudo Compute"}, {"tensordock", "TensorDock"}};
    const auto it = k_names.find(lower(key));
    return it != k_names.end() ? it->second : key;
}

struct Columns {
    std::size_t instance, region, gpu_name, gpu_count, price;
    std::optional<std::size_t> spot_price;  // SkyPilot SpotPrice
    std::optional<std::size_t> spot_flag;   // gpuhunt spot
    std::optional<std::size_t> gpu_memory;  // gpuhunt gpu_memory
    std::optional<std::size_t> provider;    // gpuhunt provider
};

Columns find_columns(const CsvTable& t, ImportFormat format) {
    std::vector<std::string> missing;
    const auto need = [&](const char* name) -> std::size_t {
        const auto c = t.column(name);
        if (!c) missing.emplace_back(name);
        return c.value_or(0);
    };
    Columns c{};
    if (format == ImportFormat::skypilot) {
        c.instance = need("InstanceType");
        c.gpu_name = need("AcceleratorName");
        c.gpu_count = need("AcceleratorCount");
        c.price = need("Price");
        c.region = need("Region");
        c.spot_price = t.column("SpotPrice");
        if (!c.spot_price) missing.emplace_back("SpotPrice");
    } else {
        c.instance = need("instance_name");
        c.region = need("location");
        c.price = need("price");
        c.gpu_count = need("gpu_count");
        c.gpu_name = need("gpu_name");
        c.spot_flag = t.column("spot");
        if (!c.spot_flag) missing.emplace_back("spot");
        c.gpu_memory = t.column("gpu_memory");
        c.provider = t.column("provider");
    }
    if (!missing.empty())
        throw DataError(fmt::format("{}: line 1: missing column{} {}; a {} price list has {}", t.file,
                                    missing.size() == 1 ? "" : "s", fmt::join(missing, ", "),
                                    format == ImportFormat::skypilot ? "SkyPilot" : "gpuhunt",
                                    format == ImportFormat::skypilot
                                        ? "InstanceType, AcceleratorName, AcceleratorCount, vCPUs, MemoryGiB, GpuInfo, "
                                          "Price, SpotPrice, Region, AvailabilityZone"
                                        : "instance_name, location, price, cpu, memory, gpu_count, gpu_name, "
                                          "gpu_memory, spot[, provider]"));
    return c;
}

// Hourly prices above this are a unit mistake (cents, a month), not an instance.
constexpr double k_max_import_usd_per_hour = 1e5;

// A price cell: empty is "no price"; anything else must be a number in [0, 1e5].
std::optional<double> price_cell(const CsvTable& t, const CsvRow& row, std::size_t column) {
    const std::string& text = row.cells[column];
    if (text.empty()) return std::nullopt;
    const auto v = parse_number(text);
    if (!v)
        throw DataError(fmt::format("{}: line {}: column {}: must be a price in USD per hour, got {}", t.file, row.line,
                                    t.header[column], quote_value(text)));
    if (*v < 0 || *v > k_max_import_usd_per_hour)
        throw DataError(fmt::format("{}: line {}: column {}: must be in [0, {}] USD per hour, got {}", t.file, row.line,
                                    t.header[column], exact_number(k_max_import_usd_per_hour), quote_value(text)));
    return *v;
}

// A GPU count: empty or 0 means no GPU; SkyPilot writes "8.0".
std::optional<double> count_cell(const CsvTable& t, const CsvRow& row, std::size_t column) {
    const std::string& text = row.cells[column];
    if (text.empty()) return std::nullopt;
    const auto v = parse_number(text);
    if (!v || *v < 0 || *v > static_cast<double>(k_max_gpu_count))
        throw DataError(fmt::format("{}: line {}: column {}: must be a GPU count in [0, {}], got {}", t.file, row.line,
                                    t.header[column], k_max_gpu_count, quote_value(text)));
    return *v;
}

bool spot_flag(const CsvTable& t, const CsvRow& row, std::size_t column) {
    const std::string v = lower(row.cells[column]);
    if (v == "true" || v == "1") return true;
    if (v == "false" || v == "0" || v.empty()) return false;
    throw DataError(fmt::format("{}: line {}: column {}: must be true or false, got {}", t.file, row.line,
                                t.header[column], quote_value(row.cells[column])));
}

// One offer being assembled from its zone rows.
struct Pending {
    CloudOffer offer;
    std::size_t rows = 0;
    double od_min = 0, od_max = 0;
    std::size_t od_count = 0;
    double spot_min = 0, spot_max = 0;
    std::size_t spot_count = 0;
};

void take(std::optional<double>& slot, double& lo, double& hi, std::size_t& count, double value) {
    if (count == 0) lo = hi = value;
    lo = std::min(lo, value);
    hi = std::max(hi, value);
    ++count;
    slot = lo;
}

std::string range_note(const char* what, double lo, double hi, std::size_t count) {
    if (count < 2 || lo == hi) return {};
    return fmt::format(" {} is the lowest of {} zone prices (${} to ${} per hour).", what, count, exact_number(lo),
                       exact_number(hi));
}

// A row's two prices, USD per hour; a zero price is a placeholder in these lists, never a real rental. (Plain
// doubles, not optionals: g++ 12 misreads optionals here as maybe-uninitialized.)
struct RowPrices {
    double on_demand_usd = 0.0;
    double spot_usd = 0.0;
    bool has_on_demand() const { return on_demand_usd > 0; }
    bool has_spot() const { return spot_usd > 0; }
};

// Both prices of a row, checked even on rows left out so a broken file never imports quietly. SkyPilot has a
// Price and a SpotPrice column; gpuhunt a price and a spot flag saying which pricing the price is.
RowPrices row_prices(const CsvTable& t, const CsvRow& row, const Columns& col, bool skypilot) {
    const auto first_price = price_cell(t, row, col.price);
    const auto second_price = col.spot_price ? price_cell(t, row, *col.spot_price) : std::nullopt;
    const bool is_spot_row = col.spot_flag && spot_flag(t, row, *col.spot_flag);
    const std::optional<double>& od_cell = skypilot || !is_spot_row ? first_price : second_price;
    const std::optional<double>& spot_cell = skypilot ? second_price : (is_spot_row ? first_price : second_price);
    return {od_cell.value_or(0.0), spot_cell.value_or(0.0)};
}

// The catalogue GPU a row rents; null when no GPU lists its accelerator name among its aliases.
const Gpu* row_gpu(const Catalog& catalog, const CsvRow& row, const Columns& col, const std::string& accelerator) {
    if (col.gpu_memory && !row.cells[*col.gpu_memory].empty()) {
        // gpuhunt names the A100 "A100" for both sizes; its memory tells them apart ("A100-80GB").
        if (const auto memory = parse_number(row.cells[*col.gpu_memory]))
            if (const Gpu* gpu =
                    gpu_for_accelerator(catalog, fmt::format("{}-{}GB", accelerator, exact_number(*memory))))
                return gpu;
    }
    return gpu_for_accelerator(catalog, accelerator);
}

// Rows in, offers out: each GPU row joins the offer of its (provider, instance, region), and every row is counted.
class OfferCollector {
public:
    OfferCollector(const CsvTable& t, const Columns& col, const ImportRequest& request, const Catalog& catalog)
        : m_t(t),
          m_col(col),
          m_request(request),
          m_catalog(catalog),
          m_skypilot(request.format == ImportFormat::skypilot) {
        m_result.rows = t.rows.size();
    }

    void add(const CsvRow& row) {
        const std::string& accelerator = row.cells[m_col.gpu_name];
        const auto count = count_cell(m_t, row, m_col.gpu_count);
        const RowPrices prices = row_prices(m_t, row, m_col, m_skypilot);
        if (accelerator.empty() || !count || *count == 0) {
            ++m_result.rows_without_gpu;
            return;
        }
        if (*count != std::floor(*count)) {
            ++m_result.rows_fractional;
            return;
        }
        const Gpu* gpu = row_gpu(m_catalog, row, m_col, accelerator);
        if (gpu == nullptr) {
            ++m_unmapped[accelerator];
            return;
        }
        if (!prices.has_on_demand() && !prices.has_spot()) {
            ++m_result.rows_without_price;
            return;
        }
        Pending& p = offer_of(row, *gpu, *count);
        ++p.rows;
        ++m_result.rows_used;
        auto& usd_per_hour = p.offer.usd_per_hour;
        if (prices.has_on_demand())
            take(usd_per_hour[static_cast<std::size_t>(Pricing::on_demand)], p.od_min, p.od_max, p.od_count,
                 prices.on_demand_usd);
        if (prices.has_spot())
            take(usd_per_hour[static_cast<std::size_t>(Pricing::spot)], p.spot_min, p.spot_max, p.spot_count,
                 prices.spot_usd);
    }

    // The offers with their provenance, sorted by id; throws DataError when no row gave one.
    ImportResult finish() {
        const char* format_name = m_skypilot ? "SkyPilot catalogue" : "gpuhunt catalogue";
        for (auto& [id, p] : m_pending) {
            p.offer.provenance.source =
                fmt::format("{} {}, imported with gpucost catalog import", format_name, m_request.source_file);
            p.offer.provenance.as_of = m_request.as_of;
            std::string note = fmt::format("Imported from {} row{}.", p.rows, p.rows == 1 ? "" : "s");
            note += range_note("on-demand", p.od_min, p.od_max, p.od_count);
            note += range_note("spot", p.spot_min, p.spot_max, p.spot_count);
            p.offer.provenance.note = note;
            m_result.offers.push_back(std::move(p.offer));
        }
        for (const auto& [name, rows] : m_unmapped) m_result.unmapped.push_back({name, rows});
        const ImportResult& r = m_result;
        if (r.offers.empty())
            throw DataError(fmt::format("{}: no row became an offer ({} rows: {} without a GPU, {} with an accelerator "
                                        "no catalogue GPU lists among its aliases, {} without a price); nothing to "
                                        "import",
                                        m_t.file, r.rows, r.rows_without_gpu,
                                        r.rows - r.rows_without_gpu - r.rows_without_price - r.rows_fractional,
                                        r.rows_without_price));
        return std::move(m_result);
    }

private:
    // The provider: --provider, else the row's provider column as the catalogue names it.
    std::string provider_of(const CsvRow& row) const {
        std::string provider = m_request.provider;
        if (provider.empty() && m_col.provider) provider = provider_name(row.cells[*m_col.provider]);
        if (provider.empty())
            throw DataError(fmt::format("{}: line {}: no provider: the row's provider cell is empty and --provider "
                                        "was not given",
                                        m_t.file, row.line));
        return provider;
    }

    // The offer this row belongs to, begun by its first row; a later row must rent the same GPUs.
    Pending& offer_of(const CsvRow& row, const Gpu& gpu, double count) {
        const std::string provider = provider_of(row);
        const std::string& instance = row.cells[m_col.instance];
        const std::string& region = row.cells[m_col.region];
        if (instance.empty() || region.empty())
            throw DataError(fmt::format("{}: line {}: column {}: empty; every GPU row needs an instance and a region",
                                        m_t.file, row.line,
                                        instance.empty() ? m_t.header[m_col.instance] : m_t.header[m_col.region]));
        std::string id = fmt::format("{}-{}-{}", provider_slug(provider), slug(instance), slug(region));
        if (id.size() > 100) id.resize(100);
        Pending& p = m_pending[id];
        if (p.rows == 0) {
            p.offer.id = id;
            p.offer.provider = provider;
            p.offer.instance = instance;
            p.offer.region = region;
            p.offer.gpu = gpu.id;
            p.offer.gpu_count = static_cast<std::int64_t>(count);
        } else if (p.offer.gpu != gpu.id || p.offer.gpu_count != static_cast<std::int64_t>(count)) {
            throw DataError(fmt::format("{}: line {}: instance {} in region {} has {} x {} here but {} x {} on an "
                                        "earlier line; fix the file",
                                        m_t.file, row.line, quote_value(instance), quote_value(region),
                                        exact_number(count), gpu.id, p.offer.gpu_count, p.offer.gpu));
        }
        return p;
    }

    const CsvTable& m_t;
    const Columns& m_col;
    const ImportRequest& m_request;
    const Catalog& m_catalog;
    const bool m_skypilot;
    ImportResult m_result;
    std::map<std::string, Pending> m_pending;       // by offer id, so output is sorted and duplicates collapse
    std::map<std::string, std::size_t> m_unmapped;  // accelerator name -> rows
};

}  // namespace

const Gpu* gpu_for_accelerator(const Catalog& catalog, std::string_view name) {
    const std::string wanted = lower(name);
    if (wanted.empty()) return nullptr;
    for (const Gpu& g : catalog.gpus) {
        if (lower(g.id) == wanted) return &g;
        for (const std::string& alias : g.aliases)
            if (lower(alias) == wanted) return &g;
    }
    return nullptr;
}

std::string read_import_file(const std::string& path) { return read_text_file(path); }

ImportResult import_offers(std::string_view csv_text, const ImportRequest& request, const Catalog& catalog) {
    const CsvTable t = parse_csv(csv_text, request.source_file);
    const Columns col = find_columns(t, request.format);
    if (t.rows.empty())
        throw DataError(
            fmt::format("{}: a header and no records; nothing to import (was the download cut short?)", t.file));
    if (request.format == ImportFormat::skypilot && request.provider.empty())
        throw UsageError("--provider: required with --from skypilot (a SkyPilot vms.csv lists one cloud and does not "
                         "name it); e.g. --provider AWS");
    OfferCollector collector(t, col, request, catalog);
    for (const CsvRow& row : t.rows) collector.add(row);
    return collector.finish();
}

std::string import_overlay_json(const ImportResult& result, const ImportRequest& request) {
    return write_offers_overlay(
        result.offers, request.as_of,
        fmt::format("Overlay for gpucost --add-catalog, imported from {}", request.source_file));
}

std::vector<std::string> import_summary(const ImportResult& r, const ImportRequest& request) {
    std::vector<std::string> lines;
    lines.push_back(fmt::format("imported {} offer{} from {} of {} rows of {}", r.offers.size(),
                                r.offers.size() == 1 ? "" : "s", r.rows_used, r.rows, request.source_file));
    if (r.rows_without_gpu > 0)
        lines.push_back(fmt::format("left out {} row{} without a GPU (CPU-only instances)", r.rows_without_gpu,
                                    r.rows_without_gpu == 1 ? "" : "s"));
    if (r.rows_fractional > 0)
        lines.push_back(fmt::format("left out {} row{} renting a fraction of a GPU", r.rows_fractional,
                                    r.rows_fractional == 1 ? "" : "s"));
    if (r.rows_without_price > 0)
        lines.push_back(
            fmt::format("left out {} row{} with no price", r.rows_without_price, r.rows_without_price == 1 ? "" : "s"));
    return lines;
}

UnmappedSummary unmapped_summary(const ImportResult& result, std::size_t limit) {
    // The names with the most rows first (those are worth an alias); a file of a million odd names stays short.
    std::vector<UnmappedName> names = result.unmapped;
    std::stable_sort(names.begin(), names.end(),
                     [](const UnmappedName& a, const UnmappedName& b) { return a.rows > b.rows; });
    UnmappedSummary out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i < limit) {
            out.listed.push_back(names[i]);
        } else {
            out.other_rows += names[i].rows;
            ++out.other_names;
        }
    }
    return out;
}

}  // namespace gpucost

// What an import tells its user: the overlay it writes, the account of its rows, the names it left out.
#include <algorithm>

#include <fmt/format.h>

#include "gpucost/io/catalog_json_write.hpp"
#include "gpucost/io/import_csv.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {

std::string import_overlay_json(const ImportResult& result, const ImportRequest& request) {
    return write_offers_overlay(
        result.offers, request.as_of,
        fmt::format("Overlay for gpucost --add-catalog, imported from {}", request.source_file));
}

std::vector<std::string> import_summary(const ImportResult& r, const ImportRequest& request) {
    std::vector<std::string> lines;
    const std::size_t added = r.offers.size() - r.replaced;
    lines.push_back(fmt::format("imported {} offer{} from {} of {} row{} of {}, replacing {} offer{} of the catalogue "
                                "in use and adding {}",
                                r.offers.size(), r.offers.size() == 1 ? "" : "s", r.rows_used, r.rows,
                                r.rows == 1 ? "" : "s", request.source_file, r.replaced, r.replaced == 1 ? "" : "s",
                                added));
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

std::vector<std::string> left_out_lines(const ImportResult& result) {
    const auto plural = [](std::size_t n) { return n == 1 ? "" : "s"; };
    std::vector<std::string> lines;
    for (const UnmappedName& u : ranked_unmapped(result))
        lines.push_back(
            fmt::format("left out {} row{} with accelerator {}: no catalogue GPU lists it among its aliases "
                        "(add it to a GPU's \"aliases\" to import them)",
                        u.rows, plural(u.rows), quote_value(u.name)));
    for (const ContradictedRows& c : result.contradicted)
        lines.push_back(fmt::format("left out {} row{} of instance {} with accelerator {}: {}; not guessing a GPU",
                                    c.rows, plural(c.rows), quote_value(c.instance), quote_value(c.accelerator),
                                    c.reason));
    return lines;
}

std::vector<UnmappedName> ranked_unmapped(const ImportResult& result) {
    // result.unmapped is in name order, so a stable sort by rows leaves ties by name.
    std::vector<UnmappedName> names = result.unmapped;
    std::stable_sort(names.begin(), names.end(),
                     [](const UnmappedName& a, const UnmappedName& b) { return a.rows > b.rows; });
    return names;
}

}  // namespace gpucost

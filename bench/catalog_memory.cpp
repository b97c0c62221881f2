// Peak memory and time of loading a generated catalogue, in a process of its own so that nothing else has
// raised the high-water mark. Usage: gpucost_catalog_memory [OFFERS]      measure parsing OFFERS offers
//                                    gpucost_catalog_memory --write OFFERS FILE   write the catalogue to FILE
//                                    gpucost_catalog_memory --write-overlay OFFERS FILE [--non-ascii]
//                                        write an --add-catalog overlay to FILE (the shape catalog import writes)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/resource.h>

#include <fmt/format.h>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "synthetic_catalog.hpp"

namespace {

double peak_rss_mb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;  // Linux reports KiB
}

std::size_t parse_count(const char* text) { return static_cast<std::size_t>(std::strtoull(text, nullptr, 10)); }

}  // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::string(argv[1]) == "--write") {
        std::ofstream(argv[3], std::ios::binary) << gpucost::bench::synthetic_catalog_json(parse_count(argv[2]));
        return 0;
    }
    if ((argc == 4 || argc == 5) && std::string(argv[1]) == "--write-overlay") {
        const bool non_ascii = argc == 5 && std::string(argv[4]) == "--non-ascii";
        std::ofstream(argv[3], std::ios::binary)
            << gpucost::bench::synthetic_overlay_json(parse_count(argv[2]), non_ascii);
        return 0;
    }
    const std::size_t offers = argc > 1 ? parse_count(argv[1]) : 100000;
    const std::string text = gpucost::bench::synthetic_catalog_json(offers);
    const double before_mb = peak_rss_mb();
    const auto start = std::chrono::steady_clock::now();
    const gpucost::Catalog catalog = gpucost::parse_catalog(text, "synthetic");
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    const double after_mb = peak_rss_mb();
    fmt::print("offers={} json_mb={:.1f} parse_s={:.3f} peak_rss_mb={:.1f} rss_before_parse_mb={:.1f} "
               "parse_added_mb={:.1f}\n",
               catalog.cloud.size(), static_cast<double>(text.size()) / 1e6, elapsed.count(), after_mb, before_mb,
               after_mb - before_mb);
    return catalog.cloud.size() == offers ? 0 : 1;
}

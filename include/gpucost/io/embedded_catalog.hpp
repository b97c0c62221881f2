// The catalogue shipped in data/catalog.json, embedded at build time.
#pragma once

#include <string_view>

namespace gpucost {

// The bytes of data/catalog.json as it was when gpucost was built.
std::string_view embedded_catalog_json() noexcept;

// The model of data/catalog.json, parsed and validated at build time: a snapshot (catalog_snapshot.hpp) that
// load_embedded_catalog() reads.
std::string_view embedded_catalog_snapshot() noexcept;

// The root "as_of" of data/catalog.json, extracted at build time: what --version prints, without a parse.
std::string_view embedded_catalog_as_of() noexcept;

}  // namespace gpucost

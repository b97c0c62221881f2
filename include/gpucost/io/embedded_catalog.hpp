// The catalogue shipped in data/catalog.json, embedded at build time.
#pragma once

#include <string_view>

namespace gpucost {

// The bytes of data/catalog.json as it was when gpucost was built.
std::string_view embedded_catalog_json() noexcept;

}  // namespace gpucost

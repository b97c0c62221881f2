#include "fuzz_support.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace gpucost::fuzz {

const std::string& mini_catalog_json() {
    static const std::string text = [] {
        std::ifstream in(GPUCOST_FUZZ_MINI_CATALOG, std::ios::binary);
        if (!in) fail("cannot read " GPUCOST_FUZZ_MINI_CATALOG);
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    }();
    return text;
}

void require_finite(double value, std::string_view what) {
    if (!std::isfinite(value)) fail(std::string(what) + " is not finite");
}

void fail(std::string_view message) {
    std::fprintf(stderr, "gpucost fuzz invariant broken: %.*s\n", static_cast<int>(message.size()), message.data());
    std::abort();
}

}  // namespace gpucost::fuzz

#include "gpucost/model/catalog.hpp"

#include <algorithm>

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

double gpu_price_for(const Build& build, const Gpu& gpu) {
    return build.gpu_price_usd ? *build.gpu_price_usd : gpu.price_usd.value_or(0.0);
}

}  // namespace gpucost

// The offer in a few words (issue 25): what an 80-column table shows instead of an id up to 64 characters long.
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/render/phrases.hpp"

TEST_CASE("short_gpu_name: the GPU id's words upper-cased, without a leading rtx or the sxm form words") {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"h100-sxm", "H100"},                  // sxm left out: an 8-GPU server's usual form
        {"a100-sxm-80gb", "A100 80GB"},        // the memory stays: it tells two A100s apart
        {"a100-pcie-40gb", "A100 PCIe 40GB"},  // PCIe as NVIDIA spells it
        {"v100-sxm2-32gb", "V100 32GB"},       // sxm2 is a form word too
        {"h100-nvl", "H100 NVL"},
        {"rtx-4090", "4090"},  // the leading rtx left out
        {"rtx-pro-6000", "PRO 6000"},
        {"rtx-6000-ada", "6000 Ada"},  // Ada as NVIDIA spells it
        {"rtx-a6000", "A6000"},
        {"mi300x", "MI300X"},
        {"rtx", "RTX"},  // a lone rtx is the whole name: kept
        {"gpu-a", "GPU A"},
        {"", ""},
    };
    for (const auto& [id, name] : cases) {
        INFO(id);
        CHECK(gpucost::short_gpu_name(id) == name);
    }
}

TEST_CASE("offer_label: provider, GPUs per instance and the GPU's short name, with the instances when more than one") {
    CHECK(gpucost::offer_label("Nebius", 1, 8, "h200") == "Nebius 8x H200");
    CHECK(gpucost::offer_label("Google Cloud", 1, 8, "a100-sxm-40gb") == "Google Cloud 8x A100 40GB");
    CHECK(gpucost::offer_label("RunPod", 8, 1, "h100-sxm") == "RunPod 8 x 1x H100");  // 8 instances of 1 GPU
    CHECK(gpucost::offer_label("", 1, 2, "rtx-4090") == "2x 4090");                   // no provider: the shape alone
}

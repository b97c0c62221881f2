// Real price lists (issue 10): each provider's SkyPilot column layout, the GPU variant told by the instance name and
// the per-GPU memory, every left-out accelerator named, unique readable ids in the catalogue's one id scheme.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/import_csv.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/model/offer_id.hpp"
#include "gpucost/util/error.hpp"
#include "test_support.hpp"

using namespace gpucost;
using Catch::Matchers::Contains;
using gpucost::test::run_gpucost;

namespace {

const Catalog& shipped() {
    static const Catalog catalog = load_embedded_catalog();
    return catalog;
}

ImportResult import_file(const std::string& file, const std::string& provider) {
    const ImportRequest request{ImportFormat::skypilot, file, "2026-11-30", provider};
    return import_offers(test::read_file(test::test_path(file)), request, shipped());
}

ImportResult import_text(const std::string& csv, const std::string& provider = "AWS") {
    return import_offers(csv, {ImportFormat::skypilot, "f.csv", "2026-11-30", provider}, shipped());
}

const CloudOffer& offer(const ImportResult& r, const std::string& id) {
    const auto it = std::find_if(r.offers.begin(), r.offers.end(), [&](const CloudOffer& o) { return o.id == id; });
    INFO("offer " << id);
    REQUIRE(it != r.offers.end());
    return *it;
}

// Each offer's id and GPU, in id order.
std::vector<std::string> ids_and_gpus(const ImportResult& r) {
    std::vector<std::string> out;
    for (const CloudOffer& o : r.offers) out.push_back(o.id + " " + o.gpu);
    return out;
}

const std::string k_header = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,"
                             "Region,AvailabilityZone\n";

}  // namespace

TEST_CASE("import Lambda's layout: the instance name tells H100 PCIe from SXM, memory tells A100s and V100s") {
    const ImportResult r = import_file("data/import/skypilot_lambda_vms.csv", "Lambda");
    CHECK(r.rows == 9);
    CHECK(r.rows_without_gpu == 1);
    CHECK(r.rows_used == 7);  // 9 - 1 CPU row - the contradicted V100
    CHECK(ids_and_gpus(r) == std::vector<std::string>{
                                 "lambda-gpu-1x-a10-us-east-1 a10",              // 24,576 MiB: the 24 GB A10
                                 "lambda-gpu-1x-a6000-us-east-1 rtx-a6000",      // 49,152 MiB: the 48 GB RTX A6000
                                 "lambda-gpu-1x-h100-pcie-us-east-1 h100-pcie",  // "H100" alone would be SXM
                                 "lambda-gpu-1x-h100-pcie-us-west-1 h100-pcie",
                                 "lambda-gpu-1x-h100-sxm5-us-east-1 h100-sxm",
                                 "lambda-gpu-8x-a100-80gb-sxm4-us-east-1 a100-sxm-80gb",
                                 "lambda-gpu-8x-a100-us-east-1 a100-sxm-40gb",  // 40,960 MiB a GPU
                             });
    // Before issue 10's RTX A6000 and A10 entries, both names were left out unmapped.
    CHECK(r.unmapped.empty());
    CHECK(offer(r, "lambda-gpu-1x-a6000-us-east-1").price(Pricing::on_demand) == 0.8);
    // Lambda's V100s have 16 GB; the catalogue's V100s have 32 GB: left out, not guessed.
    REQUIRE(r.contradicted.size() == 1);
    CHECK(r.contradicted[0].accelerator == "V100");
    CHECK(r.contradicted[0].instance == "gpu_8x_v100");
    CHECK(r.contradicted[0].rows == 1);
    CHECK(r.contradicted[0].reason ==
          "the row gives 16 GiB or 2 GiB per GPU, and no catalogue GPU like v100-sxm2-32gb has that memory");
}

TEST_CASE("import Vast's layout: H100_NVL is the NVL, a total memory is read per GPU, no zone column") {
    const ImportResult r = import_file("data/import/skypilot_vast_vms.csv", "Vast.ai");
    CHECK(ids_and_gpus(r) == std::vector<std::string>{
                                 "vast-1x-a100-sxm4-32-65536-germany-de-eu a100-sxm-40gb",
                                 "vast-1x-h100-sxm-32-65536-czechia-cz-eu h100-sxm",
                                 "vast-1x-h100-sxm-32-65536-florida-us-na h100-sxm",
                                 "vast-1x-rtx-4090-32-65536-spain-es-eu rtx-4090",
                                 // 81,920 MiB for both GPUs: 40 GB each
                                 "vast-2x-a100-sxm4-32-65536-slovenia-si-eu a100-sxm-40gb",
                                 "vast-2x-h100-nvl-32-65536-california-us-na h100-nvl",  // 191,660 MiB / 2 = 94 GB
                             });
    REQUIRE(r.unmapped.size() == 1);
    CHECK(r.unmapped[0].name == "A40");
    REQUIRE(r.contradicted.size() == 1);
    CHECK(r.contradicted[0].instance == "1x-Tesla_V100-32-65536");
    // A 0.00 spot price is the list's placeholder, not a free rental.
    CHECK_FALSE(offer(r, "vast-2x-h100-nvl-32-65536-california-us-na").price(Pricing::spot));
    CHECK(offer(r, "vast-2x-h100-nvl-32-65536-california-us-na").price(Pricing::on_demand) == 4.53);
}

TEST_CASE("import Nebius's layout: a GpuInfo memory that is the machine's RAM is no evidence") {
    const ImportResult r = import_file("data/import/skypilot_nebius_vms.csv", "Nebius");
    CHECK(ids_and_gpus(r) == std::vector<std::string>{
                                 "nebius-gpu-b200-sxm-8gpu-160vcpu-1792gb-us-central1 b200",
                                 "nebius-gpu-h100-sxm-1gpu-16vcpu-200gb-eu-north1 h100-sxm",
                                 "nebius-gpu-h100-sxm-8gpu-128vcpu-1600gb-eu-north1 h100-sxm",
                                 "nebius-gpu-h200-sxm-8gpu-128vcpu-1600gb-eu-west1 h200",
                                 "nebius-gpu-l40s-a-1gpu-8vcpu-32gb-eu-north1 l40s",
                             });
    CHECK(r.contradicted.empty());
    CHECK(offer(r, "nebius-gpu-h100-sxm-8gpu-128vcpu-1600gb-eu-north1").price(Pricing::spot) == 10.0);
}

TEST_CASE("import Hyperstack's names (GPUInfo): the -80G-PCIe, -SXM5 and -NVLink aliases") {
    const ImportResult r = import_file("data/import/skypilot_hyperstack_vms.csv", "Hyperstack");
    CHECK(ids_and_gpus(r) ==
          std::vector<std::string>{
              "hyperstack-n3-a100-nvlinkx1-canada-1 a100-pcie-80gb", "hyperstack-n3-a100x1-canada-1 a100-pcie-80gb",
              "hyperstack-n3-h100-nvlinkx1-canada-1 h100-pcie", "hyperstack-n3-h100-sxm5x1-canada-1 h100-sxm",
              "hyperstack-n3-h100x1-canada-1 h100-pcie",
              "hyperstack-n3-l40x1-canada-1 l40",  // 49,152 MiB: the L40, not the L40S
          });
    CHECK(r.unmapped.empty());  // before issue 10's L40 entry: "L40" unmapped
}

TEST_CASE("import: Hyperstack's and Vast's RTX A6000 spellings and the L40 beside the L40S") {
    const std::string csv =
        "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GPUInfo,Price,SpotPrice,Region\n"
        "n3-RTX-A6000x1,RTX-A6000,1,28,58,,0.5,,CANADA-1\n"
        "n3-L40x2,L40,2,56,116,,2.0,,CANADA-1\n"
        "n3-L40Sx1,L40S,1,28,58,,1.1,,CANADA-1\n"
        "1x-RTX_A6000-32-65536,RTX_A6000,1,32,64,,0.45,,Texas-US\n";
    const ImportResult r = import_text(csv, "Hyperstack");
    CHECK(ids_and_gpus(r) == std::vector<std::string>{
                                 "hyperstack-1x-rtx-a6000-32-65536-texas-us rtx-a6000",
                                 "hyperstack-n3-l40sx1-canada-1 l40s",
                                 "hyperstack-n3-l40x2-canada-1 l40",
                                 "hyperstack-n3-rtx-a6000x1-canada-1 rtx-a6000",
                             });
    CHECK(r.unmapped.empty());
}

TEST_CASE("import: nothing mapped is an error that still names every unmapped accelerator with its rows") {
    const std::string csv =
        "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GPUInfo,Price,SpotPrice,Region\n"
        "gpu_1x_gh200,GH200,1,64,432,,2.29,,us-east-3\n"  // a superchip the catalogue leaves out (data/README.md)
        "gpu_1x_gh200,GH200,1,64,432,,2.29,,us-west-1\n"
        "n3-A40x1,A40,1,28,58,,0.5,,CANADA-1\n";
    try {
        import_text(csv, "Lambda");
        FAIL("no error");
    } catch (const DataError& e) {
        CHECK(std::string(e.what()) ==
              "f.csv: no row became an offer (3 rows: 0 without a GPU, 3 with an accelerator no catalogue GPU lists "
              "among its aliases, 0 whose GPU the row contradicts, 0 without a price); nothing to import\n"
              "left out 2 rows with accelerator \"GH200\": no catalogue GPU lists it among its aliases (add it to a "
              "GPU's \"aliases\" to import them)\n"
              "left out 1 row with accelerator \"A40\": no catalogue GPU lists it among its aliases (add it to a "
              "GPU's \"aliases\" to import them)");
    }
}

TEST_CASE("import: a row that contradicts its accelerator's stated variant is left out with a warning") {
    const ImportResult r =
        import_text(k_header + "gpu_1x_h100_pcie,H100-SXM5,1.0,26.0,200.0,,2.49,,us-east-1,a\n"
                               "gpu_1x_a100,A100-80GB,1.0,26.0,200.0,\"{'Gpus': [{'Name': 'A100', 'Count': 1, "
                               "'MemoryInfo': {'SizeInMiB': 40960}}], 'TotalGpuMemoryInMiB': 40960}\",1.2,,"
                               "us-east-1,a\n"
                               "gpu_1x_h100_sxm,H100,1.0,26.0,200.0,,3.29,,us-east-1,a\n",
                    "Lambda");
    CHECK(ids_and_gpus(r) == std::vector<std::string>{"lambda-gpu-1x-h100-sxm-us-east-1 h100-sxm"});
    REQUIRE(r.contradicted.size() == 2);
    CHECK(r.contradicted[0].accelerator == "A100-80GB");
    CHECK(r.contradicted[0].reason == "the row gives 40 GiB per GPU but the accelerator name says 80 GB");
    CHECK(r.contradicted[1].reason == "the instance name says PCIe but the accelerator name says SXM");
    CHECK(left_out_lines(r).back() ==
          "left out 1 row of instance \"gpu_1x_h100_pcie\" with accelerator \"H100-SXM5\": the instance name says PCIe "
          "but the accelerator name says SXM; not guessing a GPU");
    // An 80 GB A100 on a PCIe instance with a generic name is the PCIe 80 GB.
    const ImportResult pcie =
        import_text(k_header + "1x-A100_PCIE-32-65536,A100,1,32,64.0,\"{'Gpus': [{'Name': 'A100', 'Count': 1, "
                               "'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}\",1.1,,"
                               "Texas,a\n",
                    "Vast.ai");
    CHECK(ids_and_gpus(pcie) == std::vector<std::string>{"vast-1x-a100-pcie-32-65536-texas a100-pcie-80gb"});
}

TEST_CASE("offer ids: unique and readable, hashed only where names fold together, never cut before the region") {
    const std::string long_name(120, 'x');
    const ImportResult r =
        import_text(k_header +
                    "p5_48xlarge,H100,8.0,1,1,,50,,us-east-1,a\n"
                    "p5-48xlarge,H100,8.0,1,1,,51,,us-east-1,a\n"
                    "\xE5\xAE\x9E\xE4\xBE\x8B,H100,1.0,1,1,,3,,us-east-1,a\n"
                    "\xE4\xBA\x8C\xE5\x8F\xB7,H100,1.0,1,1,,4,,us-east-1,a\n" +
                    long_name + ",H100,1.0,1,1,,90,,us-east-1,a\n" + long_name + ",H100,1.0,1,1,,5,,ap-south-1,a\n" +
                    "p5.48xlarge,H100,8.0,1,1,,55,,us-west-2,a\n");
    REQUIRE(r.offers.size() == 7);  // no two rows of different names or regions merged
    std::set<std::string> ids;
    for (const CloudOffer& o : r.offers) {
        INFO(o.id);
        CHECK(o.id.size() <= k_max_offer_id_length);
        CHECK(o.provenance.note.str() == "Imported from 1 row.");
        ids.insert(o.id);
    }
    CHECK(ids.size() == 7);
    CHECK(offer(r, "aws-p5.48xlarge-us-west-2").price(Pricing::on_demand) == 55.0);  // no fold, no hash
    CHECK(offer(r, hashed_offer_id("AWS", "p5_48xlarge", "us-east-1")).price(Pricing::on_demand) == 50.0);
    CHECK(offer(r, hashed_offer_id("AWS", "p5-48xlarge", "us-east-1")).price(Pricing::on_demand) == 51.0);
    // The long name keeps its region: us-east-1's $90 and ap-south-1's $5 stay apart.
    const std::string east = offer_id("AWS", long_name, "us-east-1");
    CHECK(east.substr(east.size() - 10) == "-us-east-1");
    CHECK(offer(r, east).price(Pricing::on_demand) == 90.0);
    CHECK(offer(r, offer_id("AWS", long_name, "ap-south-1")).price(Pricing::on_demand) == 5.0);
    CHECK(offer_id_part("Z\xC3\xBCrich S\xC3\xA3o_Paulo") == "zurich-sao-paulo");
}

TEST_CASE("import notes: zone prices only when each row is a zone of its own") {
    const ImportResult zones = import_text(k_header + "p5.4xlarge,H100,1.0,1,1,,6.88,,us-east-1,use1-az1\n"
                                                      "p5.4xlarge,H100,1.0,1,1,,7.00,,us-east-1,use1-az2\n");
    CHECK(zones.offers.at(0).provenance.note.str() ==
          "Imported from 2 rows. on-demand is the lowest of 2 zone prices ($6.88 to $7 per hour).");
    const std::string no_zone = "InstanceType,AcceleratorName,AcceleratorCount,GpuInfo,Price,SpotPrice,Region\n";
    const ImportResult listed =
        import_text(no_zone + "1x-H100_SXM,H100,1,,1.80,,Texas\n1x-H100_SXM,H100,1,,2.10,,Texas\n", "Vast.ai");
    CHECK(listed.offers.at(0).provenance.note.str() ==
          "Imported from 2 rows. on-demand is the lowest of 2 prices listed for it ($1.8 to $2.1 per hour).");
}

TEST_CASE("offer_id: every shipped offer's id is the one scheme's, so an import replaces what it covers") {
    for (const CloudOffer& o : shipped().cloud) {
        INFO(o.id);
        CHECK(offer_id(o.provider, o.instance, o.region) == o.id);
    }
    // skypilot_aws_vms.csv's 11 offers: 9 have shipped ids (in us-east-1 p5.48xlarge, p5.4xlarge, p4d.24xlarge,
    // p4de.24xlarge, p5en.48xlarge, g6e.xlarge, g6.xlarge, g6.12xlarge; p5.48xlarge in eu-west-2); 2 are new
    // (g6.xlarge in us-west-2, p5en.48xlarge in us-east-2).
    const ImportResult r = import_file("data/import/skypilot_aws_vms.csv", "AWS");
    CHECK(r.offers.size() == 11);
    CHECK(r.replaced == 9);
    const ImportRequest request{ImportFormat::skypilot, "f.csv", "2026-11-30", "AWS"};
    CHECK(import_summary(r, request).front() ==
          "imported 11 offers from 13 of 16 rows of f.csv, replacing 9 offers of the catalogue in use and adding 2");
}

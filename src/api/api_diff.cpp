// `diff`: two runs read back (io) and compared (report).
#include "gpucost/api.hpp"
#include "gpucost/io/compare_run_json.hpp"

namespace gpucost {

DiffReport diff_report(const std::string& before_path, const std::string& after_path, int schema_version) {
    const CompareRun before = load_compare_run(before_path, schema_version);
    const CompareRun after = load_compare_run(after_path, schema_version);
    return diff_runs(before, after);
}

}  // namespace gpucost

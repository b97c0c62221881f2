#include "gpucost/util/error.hpp"

#include <fmt/format.h>

namespace gpucost {
namespace {

std::string join_problems(const std::string& file, const std::vector<Problem>& problems) {
    std::string text;
    for (const Problem& p : problems) {
        if (!text.empty()) text += "\n";
        text += fmt::format("{}: {}: {}", file, p.path.empty() ? "/" : p.path, p.message);
    }
    return text;
}

}  // namespace

ValidationError::ValidationError(const std::string& file, std::vector<Problem> problems, std::vector<Problem> warnings)
    : DataError(join_problems(file, problems)),
      m_file(file),
      m_problems(std::move(problems)),
      m_warnings(std::move(warnings)) {}

}  // namespace gpucost

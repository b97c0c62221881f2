// Numbers in messages as the user typed them (issue 10: "got 1e-400", not "got 0").
#pragma once

#include <string>
#include <string_view>

namespace gpucost {

// A number's text as a user typed it, for a message: whole up to 40 characters, else its first 24, "...", its last
// 8 and its length ("123456789012345678901234...78901234 (400 characters)"), with control characters escaped.
std::string typed_number_text(std::string_view text);

}  // namespace gpucost

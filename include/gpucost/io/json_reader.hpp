// Reading user-written JSON with every problem reported at its JSON Pointer path.
// Private to the library: only the files that read or write JSON include nlohmann.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpucost/util/error.hpp"

namespace gpucost {

// Parses JSON text; throws DataError naming `file`, the line and the column on malformed input,
// on a byte-order mark, and on nesting deeper than any catalogue needs.
// `nesting_needed` ends the too-deep message: how deep the document kind really nests.
inline constexpr std::string_view k_catalogue_nesting = "a catalogue needs 4";
nlohmann::json parse_json_text(std::string_view text, const std::string& file,
                               std::string_view nesting_needed = k_catalogue_nesting);

// Parses JSON text like parse_json_text (the same errors at the same lines and columns), except that the elements
// of the root object's array member `key` are handed to `element` one at a time as each is complete, and not kept:
// a large array never exists as a whole document. `begin` is called where that array starts, with the root's members
// read so far; when it returns false the array is kept in the document as usual. It can be called a second time,
// when a fast first reading gives up on something unusual: the elements then come again from index 0. A streamed
// array is left empty in the result. Returns nothing when, after streaming, a root key comes again (the later
// value would replace what was handed over): parse the text with parse_json_text instead.
std::optional<nlohmann::json>
parse_json_streaming(std::string_view text, const std::string& file, std::string_view key,
                     const std::function<bool(const nlohmann::json& root_so_far)>& begin,
                     const std::function<void(const nlohmann::json& element, std::size_t index)>& element);

// Reads a whole file; throws DataError when it is missing, a directory, unreadable or too large.
std::string read_text_file(const std::string& path);

// The name of a JSON value's type for messages: "a string", "an array", "null".
std::string describe(const nlohmann::json& value);

// Appends a JSON Pointer token to a path, escaping '~' and '/'.
std::string child_path(const std::string& path, std::string_view key);
std::string child_path(const std::string& path, std::size_t index);

// Collects problems (errors) and warnings while fields are read; never throws.
class JsonReader {
public:
    // An object's member, or null when `object` is not an object or lacks it.
    static const nlohmann::json* member(const nlohmann::json& object, std::string_view key);

    // A required or optional finite number in [min, max] (or (min, max]).
    std::optional<double> number(const nlohmann::json& object, const std::string& path, std::string_view key,
                                 double min, double max, bool required, bool min_exclusive = false,
                                 std::string_view unit = "");
    // Like number(), and null is allowed and read as empty.
    std::optional<double> nullable_number(const nlohmann::json& object, const std::string& path, std::string_view key,
                                          double min, double max, std::string_view unit = "");
    // A whole number in [min, max].
    std::optional<std::int64_t> integer(const nlohmann::json& object, const std::string& path, std::string_view key,
                                        std::int64_t min, std::int64_t max, bool required);
    // A string; required ones must be non-empty.
    std::optional<std::string> string(const nlohmann::json& object, const std::string& path, std::string_view key,
                                      bool required);
    // A list of strings.
    std::vector<std::string> strings(const nlohmann::json& object, const std::string& path, std::string_view key);
    // Warns about every key of `object` not in `known`, with a "did you mean".
    void unknown_keys(const nlohmann::json& object, const std::string& path, const std::vector<std::string>& known);

    void error(const std::string& path, std::string message) { m_errors.push_back({path, std::move(message)}); }
    void warn(const std::string& path, std::string message) { m_warnings.push_back({path, std::move(message)}); }

    std::vector<Problem>& errors() noexcept { return m_errors; }
    std::vector<Problem>& warnings() noexcept { return m_warnings; }

private:
    std::vector<Problem> m_errors;
    std::vector<Problem> m_warnings;
};

}  // namespace gpucost

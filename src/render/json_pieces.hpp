// Internal to the JSON writers that stream (the cash flow's rows, the ranking's rows): a document handed to a sink a
// member or an array element at a time, in pieces of about 1 MiB, laid out byte for byte as json_text (two-space
// indent) lays out the whole, so the text is the same either way.
#pragma once

#include <string>
#include <string_view>

#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/rows.hpp"

namespace gpucost {

class JsonPieces {
public:
    explicit JsonPieces(const TextSink& sink)
        : m_sink(sink) {}

    // Text as it is, e.g. "{" or "\n  }".
    void add(std::string_view text);
    // `"key": value` in an object at `depth` (1: the root's members), after a comma when it is not the first.
    void member(std::string_view key, const Json& value, int depth, bool first = false);
    // Each member of `object` at `depth`, the first after a comma when `first` is false.
    void members(const Json& object, int depth, bool first = false);
    // `"key": [` opened in an object at `depth`; then element() for each element, then close_array().
    void open_array(std::string_view key, int depth, bool first = false);
    // One element of the array opened last (its elements at `depth` + 1).
    void element(const Json& value);
    // Ends the array: `]` on the element's line when it had none, else on a line of its own.
    void close_array();
    // Hands what is left to the sink; call once at the end.
    void flush();

private:
    const TextSink& m_sink;
    std::string m_buffer;
    int m_array_depth = 0;
    bool m_array_empty = true;
};

}  // namespace gpucost

// Internal to the JSON writers that stream (the cash flow's rows, the ranking's rows): the envelope and a body
// handed to a sink a member or an array element at a time, in pieces of about 1 MiB, laid out byte for byte as
// envelope_text lays out the whole, so the text is the same either way.
#pragma once

#include <string>
#include <string_view>

#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/rows.hpp"

namespace gpucost {

class JsonPieces {
public:
    // Opens the document: the members of `envelope`, then `"body_key": {`.
    JsonPieces(const TextSink& sink, const Json& envelope, std::string_view body_key);
    // `"key": value` in the body.
    void member(std::string_view key, const Json& value);
    // `"key": [` opened in the body; then element() for each element, then close_array().
    void open_array(std::string_view key);
    void element(const Json& value);
    // Ends the array: `]` on the opening line when it had no element, else on a line of its own.
    void close_array();
    // Closes the body and the document and hands what is left to the sink; call once at the end.
    void finish();

private:
    void add(std::string_view text);
    // A member's separator (none before the first, after which `first` is false), indent and key.
    void open_member(std::string_view key, int depth, bool& first);

    const TextSink& m_sink;
    std::string m_buffer;
    bool m_body_empty = true;  // no member yet
    bool m_array_empty = true;
};

}  // namespace gpucost

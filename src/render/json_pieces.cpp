#include "json_pieces.hpp"

namespace gpucost {
namespace {

// Pieces of about this size reach the sink: few writes, and never the whole text at once.
constexpr std::size_t k_piece_bytes = 1 << 20;

std::string indent(int depth) { return std::string(static_cast<std::size_t>(2 * depth), ' '); }

// `value` dumped as a whole dump would write it at `depth`.
std::string dumped(const Json& value, int depth) {
    std::string text = value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    // A dump's line breaks are all structural (strings escape theirs): indent each for the value's depth.
    std::string out;
    out.reserve(text.size());
    const std::string margin = indent(depth);
    for (const char c : text) {
        out += c;
        if (c == '\n') out += margin;
    }
    return out;
}

}  // namespace

void JsonPieces::add(std::string_view text) {
    m_buffer += text;
    if (m_buffer.size() >= k_piece_bytes) flush();
}

void JsonPieces::member(std::string_view key, const Json& value, int depth, bool first) {
    add(first ? "\n" : ",\n");
    add(indent(depth));
    add(Json(key).dump());
    add(": ");
    add(dumped(value, depth));
}

void JsonPieces::members(const Json& object, int depth, bool first) {
    for (const auto& item : object.items()) {
        member(item.key(), item.value(), depth, first);
        first = false;
    }
}

void JsonPieces::open_array(std::string_view key, int depth, bool first) {
    add(first ? "\n" : ",\n");
    add(indent(depth));
    add(Json(key).dump());
    add(": [");
    m_array_depth = depth;
    m_array_empty = true;
}

void JsonPieces::element(const Json& value) {
    add(m_array_empty ? "\n" : ",\n");
    add(indent(m_array_depth + 1));
    add(dumped(value, m_array_depth + 1));
    m_array_empty = false;
}

void JsonPieces::close_array() {
    if (m_array_empty) {
        add("]");
        return;
    }
    add("\n");
    add(indent(m_array_depth));
    add("]");
}

void JsonPieces::flush() {
    if (!m_buffer.empty()) m_sink(m_buffer);
    m_buffer.clear();
}

}  // namespace gpucost

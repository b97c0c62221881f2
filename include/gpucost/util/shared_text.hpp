// A text many values hold alike (a catalogue entry's source or note, repeated across 100,000 offers): copies share
// one immutable buffer, so a copy costs a reference count instead of the text (issue 21's bounded memory). A text in
// static storage (the embedded catalogue's snapshot) is not copied at all: it is read where it lies (issue 21's
// start-up).
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

namespace gpucost {

// An immutable string whose copies share their buffer; reads as a `std::string_view`. Compared by content.
//
// Its characters are laid out as [size: 4 bytes][characters][NUL], and it points at the first character: in a block
// of its own, counted by its copies, or in static storage (`in_static_storage`), which nothing counts or frees.
class SharedText {
public:
    SharedText() = default;
    SharedText(std::string_view text)  // NOLINT(google-explicit-constructor): a drop-in for the string it replaces
        : m_text(text.empty() ? nullptr : own(text)) {}
    SharedText(const std::string& text)  // NOLINT(google-explicit-constructor)
        : SharedText(std::string_view(text)) {}
    SharedText(const char* text)  // NOLINT(google-explicit-constructor)
        : SharedText(std::string_view(text)) {}

    // The text at `characters`, which lasts as long as the program, preceded by its size as a host-order 32-bit
    // integer and followed by a NUL (the layout above). Nothing is allocated, copied or counted.
    static SharedText in_static_storage(const char* characters) noexcept {
        SharedText t;
        t.m_text = std::shared_ptr<const char>(std::shared_ptr<const char>(), characters);
        return t;
    }

    std::string_view view() const noexcept {
        const char* p = m_text.get();
        if (p == nullptr) return {};
        std::uint32_t n = 0;
        std::memcpy(&n, p - sizeof n, sizeof n);
        return {p, n};
    }
    operator std::string_view() const noexcept { return view(); }  // NOLINT(google-explicit-constructor)
    operator std::string() const { return str(); }                 // NOLINT(google-explicit-constructor)
    std::string str() const { return std::string(view()); }
    bool empty() const noexcept { return !m_text; }
    std::size_t size() const noexcept { return view().size(); }
    const char* c_str() const noexcept { return m_text ? m_text.get() : ""; }
    // Whether `other` holds this very buffer (not merely the same text).
    bool shares(const SharedText& other) const noexcept { return m_text.get() == other.m_text.get(); }

    friend bool operator==(const SharedText& a, const SharedText& b) noexcept {
        return a.m_text.get() == b.m_text.get() || a.view() == b.view();
    }
    friend bool operator==(const SharedText& a, std::string_view b) noexcept { return a.view() == b; }

private:
    // A counted block laid out as above, viewed at its first character.
    static std::shared_ptr<const char> own(std::string_view text) {
        const auto n = static_cast<std::uint32_t>(text.size());
        std::shared_ptr<char[]> block = std::make_shared_for_overwrite<char[]>(sizeof n + text.size() + 1);
        char* characters = block.get() + sizeof n;
        std::memcpy(block.get(), &n, sizeof n);
        std::memcpy(characters, text.data(), text.size());
        characters[text.size()] = '\0';
        return {std::move(block), characters};
    }

    std::shared_ptr<const char> m_text;  // the first character; null for the empty text
};

// Hands out one SharedText per distinct text: what a document repeats is held once. Bounded by the distinct texts.
class TextPool {
public:
    // The pool's copy of `text`, made on first sight.
    SharedText intern(std::string_view text) {
        if (text.empty()) return {};
        if (const auto it = m_texts.find(text); it != m_texts.end()) return it->second;
        SharedText shared{text};
        m_texts.emplace(shared.view(), shared);
        return shared;
    }

private:
    std::unordered_map<std::string_view, SharedText> m_texts;  // each key views its value's buffer
};

}  // namespace gpucost

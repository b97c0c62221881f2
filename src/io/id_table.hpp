// The duplicate-id check of the catalogue reader. Private to src/io/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace gpucost {

// Where an id was first used: its section's name and index, formatted into a path only for a message.
struct FirstUse {
    const char* section;  // "gpus", "builds" or "cloud"
    std::size_t index;
};

// The ids seen so far, for the duplicate check: open addressing over 16-byte slots holding views of the ids, whose
// text (the reader's DOM) must outlive the table. std::unordered_map cost about a quarter of an overlay's load here:
// an allocated node and more cache misses per id, where a slot costs one. A slot keeps 24 bits of the id's hash
// beside its length, so probing past another id rarely reads that id's text (a second cache miss).
// Ids are at most 255 bytes (the reader's limit is 100).
class IdTable {
public:
    explicit IdTable(std::size_t expected) {
        std::size_t capacity = 64;
        while (capacity < 2 * expected) capacity *= 2;  // at most half full: short probe runs
        m_slots.resize(capacity);
    }

    // Records `use` as the first use of `id` and returns empty, or returns the first use when `id` was seen.
    std::optional<FirstUse> insert(std::string_view id, FirstUse use) {
        if (2 * (m_size + 1) > m_slots.size()) grow();
        const std::size_t hash = std::hash<std::string_view>{}(id);
        Slot* slot = find(id, hash);
        if (slot->data != nullptr) return FirstUse{k_sections[slot->use >> k_index_bits], slot->use & k_index_mask};
        *slot = Slot{id.data(), tag(id, hash), pack(use)};
        ++m_size;
        return std::nullopt;
    }

    // Starts loading the slot `id` would take or find, so that a later insert of it does not wait on memory.
    void prefetch(std::string_view id) const noexcept {
        __builtin_prefetch(&m_slots[std::hash<std::string_view>{}(id) & (m_slots.size() - 1)]);
    }

private:
    struct Slot {
        const char* data = nullptr;  // null: empty
        std::uint32_t tag = 0;       // the hash's top 24 bits, then the length
        std::uint32_t use = 0;       // section number in the top 2 bits, the index below
    };
    static constexpr unsigned k_index_bits = 30;  // a 512 MiB file holds fewer than 2^30 entries
    static constexpr std::uint32_t k_index_mask = (1u << k_index_bits) - 1;
    static constexpr const char* k_sections[] = {"gpus", "builds", "cloud"};

    static std::uint32_t tag(std::string_view id, std::size_t hash) {
        return static_cast<std::uint32_t>((hash >> 40) << 8) | static_cast<std::uint32_t>(id.size() & 0xff);
    }
    static std::uint32_t pack(FirstUse use) {
        std::uint32_t section = 0;
        while (std::string_view(k_sections[section]) != use.section) ++section;
        return (section << k_index_bits) | static_cast<std::uint32_t>(use.index);
    }
    Slot* find(std::string_view id, std::size_t hash) {
        const std::size_t mask = m_slots.size() - 1;
        const std::uint32_t wanted = tag(id, hash);
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            Slot& slot = m_slots[i];
            if (slot.data == nullptr) return &slot;
            if (slot.tag == wanted && std::string_view(slot.data, id.size()) == id) return &slot;
        }
    }
    void grow() {
        std::vector<Slot> old(2 * m_slots.size());
        old.swap(m_slots);
        for (const Slot& slot : old) {
            if (slot.data == nullptr) continue;
            const std::string_view id(slot.data, slot.tag & 0xff);
            *find(id, std::hash<std::string_view>{}(id)) = slot;
        }
    }

    std::vector<Slot> m_slots;
    std::size_t m_size = 0;
};

}  // namespace gpucost

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
// an allocated node and more cache misses per id, where a slot costs one.
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
        Slot* slot = find(id);
        if (slot->data != nullptr) return FirstUse{k_sections[slot->use >> k_index_bits], slot->use & k_index_mask};
        *slot = Slot{id.data(), static_cast<std::uint32_t>(id.size()), pack(use)};
        ++m_size;
        return std::nullopt;
    }

private:
    struct Slot {
        const char* data = nullptr;  // null: empty
        std::uint32_t size = 0;
        std::uint32_t use = 0;  // section number in the top 2 bits, the index below
    };
    static constexpr unsigned k_index_bits = 30;  // a 512 MiB file holds fewer than 2^30 entries
    static constexpr std::uint32_t k_index_mask = (1u << k_index_bits) - 1;
    static constexpr const char* k_sections[] = {"gpus", "builds", "cloud"};

    static std::uint32_t pack(FirstUse use) {
        std::uint32_t section = 0;
        while (std::string_view(k_sections[section]) != use.section) ++section;
        return (section << k_index_bits) | static_cast<std::uint32_t>(use.index);
    }
    Slot* find(std::string_view id) {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = std::hash<std::string_view>{}(id)&mask;; i = (i + 1) & mask) {
            Slot& slot = m_slots[i];
            if (slot.data == nullptr || std::string_view(slot.data, slot.size) == id) return &slot;
        }
    }
    void grow() {
        std::vector<Slot> old(2 * m_slots.size());
        old.swap(m_slots);
        for (const Slot& slot : old)
            if (slot.data != nullptr) *find(std::string_view(slot.data, slot.size)) = slot;
    }

    std::vector<Slot> m_slots;
    std::size_t m_size = 0;
};

}  // namespace gpucost

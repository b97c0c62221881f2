// A catalogue read without holding its whole document (issue 21): the root is parsed with its cloud offers left
// out, then the offers are read from the text one at a time, each parsed alone by simdjson's DOM. The text is read
// twice in chunks (a file's 64 KB reads, or one string), so neither the text nor a document of 100,000 offers is
// held. Where the text cannot be split so (not an object, an escaped root key, malformed JSON), the caller reads it
// whole as before, which also words every syntax error as before.
// Private to src/io/.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <simdjson.h>

#include "gpucost/model/catalog.hpp"
#include "json_dom.hpp"

namespace gpucost {

// A document's text in order, a piece per call (valid until the next call), empty at the end.
using TextChunks = std::function<std::string_view()>;
// Makes a fresh TextChunks from the start of the same text (a file is opened again).
using TextSource = std::function<TextChunks()>;

// Thrown by for_each_offer's caller when an offer is not valid JSON on its own: read the document whole instead.
struct NotSplittable {};

// The root object's text with the last "cloud" array's entries left out (written `[]`), padded for simdjson, and
// where that array's entries are.
struct CatalogSkeleton {
    std::string text;
    std::optional<std::uint64_t> cloud_offset;  // the byte offset of the array's '[' in the document
    std::size_t cloud_count = 0;                // its entries
};

// Scans the document once; empty when it cannot be split (the caller then reads it whole).
std::optional<CatalogSkeleton> scan_catalog(TextChunks chunks);

// Calls `each` with every entry of the array whose '[' is at `offset`, each parsed alone (valid during the call).
// Throws NotSplittable when an entry is not a JSON value on its own or the array does not end as the scan found.
void for_each_offer(TextChunks chunks, std::uint64_t offset, const std::function<void(simdjson::dom::element)>& each);

// The cloud offers of a split document, read from its text rather than from its skeleton's `[]`.
struct OfferStream {
    TextSource source;
    std::uint64_t offset = 0;  // CatalogSkeleton::cloud_offset
    std::size_t count = 0;
};

// catalog_json.cpp's reader: a whole catalogue (base null) or an overlay over `base`, from `dom`, its offers from
// `offers` when it is set (the document's skeleton). Throws ValidationError, and NotSplittable from `offers`.
Catalog parse_document(const JsonDom& dom, const std::string& origin, const Catalog* base,
                       const OfferStream* offers = nullptr);

}  // namespace gpucost

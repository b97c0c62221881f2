// The public loaders: a document split where it can be (catalog_stream.hpp), read whole where it cannot.
#include <filesystem>
#include <functional>
#include <new>
#include <optional>
#include <system_error>

#include "catalog_stream.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/json_reader.hpp"
#include "json_dom.hpp"

namespace gpucost {
namespace {

using simdjson::dom::element;

// Reads a document split into its root and its offers (catalog_stream.hpp); `whole` reads it as one document where
// it cannot be split, and so words every syntax error as it always has.
Catalog read_split(const TextSource& source, const std::string& origin, const Catalog* base,
                   const std::function<Catalog()>& whole) {
    std::optional<CatalogSkeleton> skeleton = scan_catalog(source());
    JsonDom dom;
    if (!skeleton || !dom.try_parse(std::move(skeleton->text))) return whole();
    if (!skeleton->cloud_offset) return parse_document(dom, origin, base);
    const OfferStream offers{source, *skeleton->cloud_offset, skeleton->cloud_count};
    try {
        return parse_document(dom, origin, base, &offers);
    } catch (const NotSplittable&) {
        return whole();
    } catch (const ValidationError&) {
        // Thrown before the offers were all read (an unsupported schema_version): a malformed offer is still
        // reported first, as when the document is read whole.
        try {
            for_each_offer(source(), offers.offset, [](element) {});
        } catch (const NotSplittable&) {
            return whole();
        }
        throw;
    }
}

// `text` as one chunk.
TextSource text_source(std::string_view text) {
    return [text] {
        return TextChunks([text, done = false]() mutable {
            if (done) return std::string_view();
            done = true;
            return text;
        });
    };
}

// A file split where it is a regular file (a pipe cannot be read twice), else read whole.
Catalog read_file(const std::string& path, const Catalog* base) {
    const auto whole = [&] { return parse_document(JsonDom(read_text_file(path), path), path, base); };
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return whole();
    const TextSource source = [path] { return text_file_chunks(path, k_max_catalogue_bytes, "a catalogue file"); };
    return read_split(source, path, base, whole);
}

}  // namespace

Catalog parse_catalog(std::string_view json_text, const std::string& origin) {
    try {
        return read_split(text_source(json_text), origin, nullptr,
                          [&] { return parse_document(JsonDom(json_text, origin), origin, nullptr); });
    } catch (const ValidationError& e) {
        rethrow_with_typed_numbers(e, json_text);
    }
}

Catalog parse_catalog_whole(std::string_view json_text, const std::string& origin) {
    try {
        return parse_document(JsonDom(json_text, origin), origin, nullptr);
    } catch (const ValidationError& e) {
        rethrow_with_typed_numbers(e, json_text);
    }
}

Catalog parse_catalog_overlay(std::string_view json_text, const std::string& origin, const Catalog& base) {
    try {
        return read_split(text_source(json_text), origin, &base,
                          [&] { return parse_document(JsonDom(json_text, origin), origin, &base); });
    } catch (const ValidationError& e) {
        rethrow_with_typed_numbers(e, json_text);
    }
}

Catalog load_catalog_overlay_file(const std::string& path, const Catalog& base) {
    try {
        return read_file(path, &base);
    } catch (const ValidationError& e) {
        rethrow_with_typed_numbers(e, path);
    } catch (const std::bad_alloc&) {
        throw out_of_memory(path);  // anywhere in the load: the text, the document, the model
    }
}

Catalog parse_embedded_catalog(std::string_view json_text) {
    Catalog c = parse_catalog(json_text, "embedded catalogue");
    c.origin = "embedded";
    return c;
}

Catalog load_catalog_file(const std::string& path) {
    try {
        return read_file(path, nullptr);
    } catch (const ValidationError& e) {
        rethrow_with_typed_numbers(e, path);
    } catch (const std::bad_alloc&) {
        throw out_of_memory(path);  // anywhere in the load: the text, the document, the model
    }
}

}  // namespace gpucost

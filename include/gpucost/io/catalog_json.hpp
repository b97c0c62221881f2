// Reading catalogue JSON: the embedded catalogue, catalogue files and --add-catalog overlays, every problem
// reported with its JSON path.
#pragma once

#include <string>
#include <string_view>

#include "gpucost/model/catalog.hpp"

namespace gpucost {

// Parses and validates a catalogue. `origin` names it in messages ("embedded" or a path).
// Throws DataError (malformed JSON) or ValidationError (every invalid field, with its JSON path).
Catalog parse_catalog(std::string_view json_text, const std::string& origin);
// The same, its document held whole while it is read: what parse_catalog does where the text cannot be read an
// offer at a time (src/io/catalog_stream.hpp), and what the tests hold that way equal to.
Catalog parse_catalog_whole(std::string_view json_text, const std::string& origin);

// The catalogue embedded at build time, read from its snapshot (no JSON is parsed; src/io/embedded_catalog.cpp).
Catalog load_embedded_catalog();

// The embedded catalogue from its JSON: what the build-time generator parses into the snapshot, and what the
// snapshot must equal (origin "embedded", messages naming "embedded catalogue").
Catalog parse_embedded_catalog(std::string_view json_text);

// Reads and parses a catalogue file; throws DataError / ValidationError.
Catalog load_catalog_file(const std::string& path);

// Parses an overlay (--add-catalog): like a catalogue, but schema_version, as_of, currency, each section and each
// assumption are optional; entries still need source and as_of. GPU references resolve against the overlay's own
// GPUs, then `base`'s. Throws DataError / ValidationError naming `origin`.
Catalog parse_catalog_overlay(std::string_view json_text, const std::string& origin, const Catalog& base);
// Reads and parses an overlay file; throws DataError / ValidationError.
Catalog load_catalog_overlay_file(const std::string& path, const Catalog& base);

}  // namespace gpucost

// The one id scheme for cloud offers, shipped and imported alike, so that importing a provider's price list
// replaces the catalogue's offers it covers instead of adding twins beside them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gpucost {

// The longest id a catalogue accepts.
inline constexpr std::size_t k_max_offer_id_length = 100;

// One part of an id as users type it: lower-case ASCII letters, digits and '.', every other run folded to one '-';
// Latin letters with accents lose them ("Zürich" -> "zurich"), other scripts fold away. "" when nothing is left.
std::string offer_id_part(std::string_view text);

// The provider's part: a short name for the few providers whose names are long ("Google Cloud" -> "gcp",
// "Vast.ai" -> "vast", "Together AI" -> "together"), else offer_id_part(provider).
std::string provider_id_part(std::string_view provider);

// "PROVIDER-INSTANCE-REGION" from the three parts. When a part folds to nothing or the id would be longer than
// k_max_offer_id_length, it is hashed_offer_id instead, so an id is never cut short and never loses its region.
std::string offer_id(std::string_view provider, std::string_view instance, std::string_view region);

// "PROVIDER-INSTANCE-HHHHHH-REGION": as offer_id with six hex digits of a hash of the three texts as written
// (FNV-1a), the instance part shortened so that the whole fits k_max_offer_id_length. For names that fold to the
// same id ("p5_48xlarge" and "p5-48xlarge") or to nothing.
std::string hashed_offer_id(std::string_view provider, std::string_view instance, std::string_view region);

}  // namespace gpucost

// The dispatcher's instantiations for `catalog list` and `show`, where every overload of listing.hpp is visible.
#include "gpucost/render/listing.hpp"

namespace gpucost {

template std::string render(const Listing&, Format, const RenderOptions&);
template std::string render(const CatalogEntry&, Format, const RenderOptions&);

}  // namespace gpucost

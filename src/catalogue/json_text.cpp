#include "grundy/catalogue/json_text.hpp"

#include "common/utf8.hpp"

namespace grundy::catalogue {

namespace {

// A copy of `json` whose texts are all valid UTF-8.
Json with_valid_text(const Json& json) {
  if (json.is_string()) return grundy::detail::escape_invalid_utf8(json.get_ref<const std::string&>());
  if (json.is_array()) {
    Json out = Json::array();
    for (const Json& item : json) out.push_back(with_valid_text(item));
    return out;
  }
  if (json.is_object()) {
    Json out = Json::object();
    for (const auto& [key, value] : json.items()) out[grundy::detail::escape_invalid_utf8(key)] = with_valid_text(value);
    return out;
  }
  return json;
}

}  // namespace

std::string json_text(const Json& json) {
  try {
    return json.dump();  // the common case: one pass, which checks the text as it writes it
  } catch (const Json::type_error&) {
    return with_valid_text(json).dump();
  }
}

}  // namespace grundy::catalogue

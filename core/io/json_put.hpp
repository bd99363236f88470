// For the JSON writers of core/io: appends `key: value` to an object without looking the key
// up. The writers put each key once, in the documented order, so the lookup that operator[]
// and initializer lists make (linear in an ordered object, with copies) is pure cost: the
// web API builds its answers this way about twice as fast. Internal to core/io.
#pragma once

#include <nlohmann/json.hpp>
#include <utility>

namespace cardfit::json_put {

using json = nlohmann::ordered_json;

template <typename V>
void put(json& object, const char* key, V&& value) {
  if (!object.is_object()) object = json::object();
  object.get_ref<json::object_t&>().emplace_back(key, json(std::forward<V>(value)));
}

}  // namespace cardfit::json_put

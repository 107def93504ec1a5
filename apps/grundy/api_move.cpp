#include "api_move.hpp"

#include <fmt/format.h>

#include "grundy/catalogue/json_text.hpp"
#include "grundy/catalogue/opponent.hpp"
#include "grundy/core/errors.hpp"

namespace grundy::cli {

namespace {

using catalogue::Json;
using catalogue::json_text;

std::size_t index_field(const Json& move, const char* name, std::size_t max) {
  if (!move.contains(name) || !move[name].is_number_integer() || move[name].get<std::int64_t>() < 0) {
    throw InputError(fmt::format("move: expected \"{}\": a whole number from 0", name));
  }
  const auto index = move[name].get<std::uint64_t>();
  if (index >= max) throw InputError(fmt::format("move: \"{}\" {} is not below {}", name, index, max));
  return static_cast<std::size_t>(index);
}

// The move as explain lists it, with where it is played.
Json move_json(const catalogue::Position& position, std::size_t component, const Json& option,
               const catalogue::OptionInfo& info) {
  Json json = Json::object();
  json["component"] = component;
  json["option"] = option;  // null when not listed
  json["move"] = info.move.text;
  json["short"] = catalogue::short_move(position, component, info);
  json["result"] = info.result;
  json["value"] = info.value.json();
  return json;
}

// {"move", ["why",] "position", "report"} after a move in `before`; the report carries "drawing".
std::string played(catalogue::Instance& instance, const Json& move, const catalogue::Position& after,
                   std::size_t max_moves, catalogue::Play play, const std::string& why = "") {
  std::string out = "{\"move\":" + json_text(move);
  if (!why.empty()) out += ",\"why\":" + json_text(Json(why));
  out += ",\"position\":" + json_text(Json(after.components));
  out += ",\"report\":" + report_with_drawing(instance, after, max_moves, play);
  return out;  // left open: a reply may follow
}

std::string engine_move(catalogue::Instance& instance, const catalogue::Position& position, std::size_t max_moves,
                        catalogue::Play play) {
  const catalogue::EngineMove chosen = catalogue::choose_move(instance, position, play);
  const Json option = chosen.option == catalogue::kOptionNotListed ? Json(nullptr) : Json(chosen.option);
  return played(instance, move_json(position, chosen.component, option, chosen.option_info), chosen.after, max_moves,
                play, chosen.why) +
         "}";
}

// The move the body names: {"component", "option"} or "text".
catalogue::TypedMove requested_move(const Json& body, catalogue::Instance& instance,
                                    const catalogue::Position& position, const ApiLimits& limits) {
  if (body.contains("text")) {
    if (!body["text"].is_string() || body["text"].get<std::string>().size() > 1000) {
      throw InputError("text: expected the move as a person types it (at most 1000 characters)");
    }
    return catalogue::find_move(instance, position, body["text"].get<std::string>());
  }
  if (!body.contains("move") || !body["move"].is_object()) {
    throw InputError(
        "move: expected {\"component\": i, \"option\": j} (explain's numbering, from 0), \"text\", or \"engine\": "
        "true");
  }
  const Json& move = body["move"];
  return catalogue::TypedMove{.component = index_field(move, "component", position.components.size()),
                              .option = index_field(move, "option", limits.max_listed)};
}

}  // namespace

std::string report_with_drawing(catalogue::Instance& instance, const catalogue::Position& position,
                                std::size_t max_moves, catalogue::Play play) {
  return with_drawing(catalogue::report_json_text(catalogue::analyse_as(instance, position, max_moves, play)), instance,
                      position);
}

std::string with_drawing(std::string object, catalogue::Instance& instance, const catalogue::Position& position) {
  object.pop_back();  // the closing brace
  return object + ",\"drawing\":" + json_text(Json(instance.draw(position))) + "}";
}

std::string move_answer(const Json& body, catalogue::Instance& instance, const catalogue::Position& position,
                        catalogue::Play play, const ApiLimits& limits) {
  const auto max_moves =
      static_cast<std::size_t>(count_field(body, "max_moves", limits.default_max_moves, limits.max_listed));
  const bool engine = body.contains("engine") && body["engine"] == true;
  if (engine && !body.contains("move") && !body.contains("text")) return engine_move(instance, position, max_moves, play);
  const catalogue::TypedMove move = requested_move(body, instance, position, limits);
  const std::vector<catalogue::OptionInfo> options =
      instance.explain(position, move.component, move.option + 1).options;
  if (options.size() <= move.option) {
    throw InputError(fmt::format("move: component {} has {} options; option {} is not one of them", move.component,
                                 options.size(), move.option));
  }
  const catalogue::Position after = instance.apply(position, move.component, move.option);
  std::string out =
      played(instance, move_json(position, move.component, Json(move.option), options[move.option]), after, max_moves,
             play);
  const bool reply = body.contains("reply") && body["reply"] == true;
  if (reply && !instance.terminal(after)) out += ",\"reply\":" + engine_move(instance, after, max_moves, play);
  return out + "}";
}

}  // namespace grundy::cli

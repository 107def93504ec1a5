#include "web_api.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <new>

#include "api_move.hpp"
#include "common/utf8.hpp"
#include "grundy/catalogue/catalogue.hpp"
#include "grundy/catalogue/game_info_json.hpp"
#include "grundy/catalogue/json_text.hpp"
#include "grundy/catalogue/opponent.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/plot/svg_plot.hpp"
#include "grundy/plot/table_plot.hpp"

namespace grundy::cli {

namespace {

using catalogue::Json;
using catalogue::json_text;

/// What an endpoint computes once its game is made.
using Handler = std::function<std::string(const Json& body, const GameRequest& request, const InputFile& input,
                                          catalogue::Instance& instance)>;

// One line, without the temporary file's path (the user knows it as "input").
std::string user_message(std::string message, const std::string& input_path) {
  if (!input_path.empty()) {
    for (std::size_t at = message.find(input_path); at != std::string::npos; at = message.find(input_path, at)) {
      message.replace(at, input_path.size(), "input");
    }
  }
  for (char& c : message) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return message;
}

// The catalogue's description of a game, as the page needs it: the options it can fill in (a FILE option comes
// through "input" instead), how the game takes input, and the table bound of this server.
Json game_json(const catalogue::GameInfo& info, const ApiLimits& limits) {
  static constexpr const char* kInputs[] = {"none", "position", "rule"};
  Json json = catalogue::game_info_json(info);
  Json& options = json["rule_options"];
  options.erase(std::remove_if(options.begin(), options.end(),
                               [](const Json& option) { return option["value_name"] == "FILE"; }),
                options.end());
  json["input"] = kInputs[static_cast<int>(input_use(info))];
  json["table_max_upto"] = info.has_table ? std::min(info.table_max_upto, limits.max_table_upto) : 0;
  return json;
}

catalogue::Context request_context(const ApiLimits& limits, const std::atomic<bool>* stop) {
  catalogue::Context context;
  context.memory = MemoryBudget(limits.request_memory);
  if (limits.request_seconds > 0) {
    context.deadline =
        std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                               std::chrono::duration<double>(limits.request_seconds));
  }
  context.stop = stop;
  return context;
}

// The 503 answer of a request that got no computing slot.
ApiAnswer busy(ComputeSlots::Admission admission, const ApiLimits& limits) {
  ApiAnswer answer;
  if (admission == ComputeSlots::Admission::stopping) return api_error(503, "the server is stopping");
  if (admission == ComputeSlots::Admission::queue_full) {
    answer = api_error(503, fmt::format("the server is busy: {} computations running and {} waiting; try again "
                                        "shortly",
                                        limits.max_concurrent, limits.max_queued));
  } else {
    answer = api_error(503, fmt::format("the server is busy: no computation ended within {} s of waiting; try again "
                                        "shortly",
                                        limits.queue_seconds));
  }
  answer.retry_after_seconds = 1;
  return answer;
}

// Runs one computing request: its slot (waiting its turn when all are taken), its game, its bounds, and every
// error as one line.
ApiAnswer compute(const std::string& body, const ApiLimits& limits, const std::atomic<bool>* stop,
                  ComputeSlots& slots, bool with_position, const Handler& handler,
                  const char* content_type = "application/json") {
  const ComputeSlots::Held slot(slots, stop);
  if (slot.admission() != ComputeSlots::Admission::granted) return busy(slot.admission(), limits);
  std::string input_path;
  try {
    Json json;
    try {
      json = Json::parse(body);
    } catch (const Json::exception&) {
      return api_error(400, "request: the body is not valid JSON");
    }
    const GameRequest request = read_game_request(json, limits, with_position);
    const InputFile input(request.input);
    input_path = input.path();
    const catalogue::Context context = request_context(limits, stop);
    const auto instance = make_instance(request, input, context);
    return ApiAnswer{.status = 200, .body = handler(json, request, input, *instance), .content_type = content_type};
  } catch (const BudgetExceeded& e) {
    // The engine's hint names the command line's option; here the bound is the server's.
    std::string message = user_message(e.what(), input_path);
    if (const std::size_t at = message.find(" (raise it with --memory)"); at != std::string::npos) {
      message.replace(at, std::string::npos, " (the server's bound per request)");
    }
    return api_error(422, message);
  } catch (const TimeExceeded&) {
    return api_error(
        422, fmt::format("the computation ran past the server's budget of {} s per request", limits.request_seconds));
  } catch (const Interrupted&) {
    return api_error(503, "the server is stopping");
  } catch (const Error& e) {
    return api_error(400, user_message(e.what(), input_path));
  } catch (const std::bad_alloc&) {
    return api_error(422, "the computation ran out of memory");
  } catch (const std::exception&) {
    return api_error(500, "internal error");
  }
}

std::size_t listed(const Json& body, const char* name, std::size_t fallback, const ApiLimits& limits) {
  return static_cast<std::size_t>(count_field(body, name, fallback, limits.max_listed));
}

std::string solve(const Json& body, const GameRequest& request, const InputFile& input, catalogue::Instance& instance,
                  const ApiLimits& limits) {
  const catalogue::Position position = parse_position(request, input, instance);
  return report_with_drawing(instance, position, listed(body, "max_moves", limits.default_max_moves, limits),
                             request.play);
}

std::string explain(const Json& body, const GameRequest& request, const InputFile& input, catalogue::Instance& instance,
                    const ApiLimits& limits) {
  const catalogue::Position position = parse_position(request, input, instance);
  const std::size_t limit = listed(body, "limit", limits.default_limit, limits);
  std::vector<catalogue::ComponentExplanation> components;
  for (std::size_t i = 0; i < position.components.size(); ++i)
    components.push_back(catalogue::explain_as(instance, position, i, limit, request.play));
  const catalogue::Report report = catalogue::analyse_as(
      instance, position, listed(body, "max_moves", limits.default_max_moves, limits), request.play);
  return with_drawing(catalogue::explanation_json_text(report, components), instance, position);
}

catalogue::TableResult table_of(const Json& body, const GameRequest& request, catalogue::Instance& instance,
                                const ApiLimits& limits) {
  const catalogue::GameInfo& info = request.entry->info();
  if (!info.has_table) throw InputError(fmt::format("game: {} has no table", info.name));
  if (!body.contains("upto")) throw InputError("upto: give the last n of the table");
  const std::uint64_t upto = count_field(body, "upto", 0, std::min(info.table_max_upto, limits.max_table_upto));
  return instance.table(upto, catalogue::TableRequest{});
}

std::string play(const Json& body, const GameRequest& request, const InputFile& input, catalogue::Instance& instance,
                 const ApiLimits& limits) {
  return move_answer(body, instance, parse_position(request, input, instance), request.play, limits);
}

}  // namespace

ApiAnswer api_error(int status, const std::string& message) {
  Json json = Json::object();
  json["error"] = message;
  return ApiAnswer{.status = status, .body = json_text(json)};  // a message may quote bytes that are not UTF-8
}

ApiAnswer WebApi::games() const {
  Json list = Json::array();
  for (const catalogue::Entry* entry : catalogue::games()) list.push_back(game_json(entry->info(), limits_));
  Json json = Json::object();
  json["games"] = std::move(list);
  return ApiAnswer{.status = 200, .body = json_text(json)};
}

bool WebApi::is_endpoint(std::string_view name) {
  return name == "games" || name == "solve" || name == "explain" || name == "move" || name == "table" ||
         name == "plot";
}

ApiAnswer WebApi::plot(const std::multimap<std::string, std::string>& query) {
  Json body = Json::object();
  Json rules = Json::object();
  for (const auto& [key, value] : query) {
    // A percent-escape decodes to any byte: the query's text must still be UTF-8 to name a game or a rule.
    if (!detail::valid_utf8(key) || !detail::valid_utf8(value)) {
      return api_error(400, fmt::format("query: '{}={}' is not UTF-8 text once its percent-escapes are decoded",
                                        detail::escape_invalid_utf8(key.substr(0, 40)),
                                        detail::escape_invalid_utf8(value.substr(0, 40))));
    }
    if (key == "game") {
      body["game"] = value;
    } else if (key == "upto") {
      const bool digits =
          !value.empty() && value.size() < 20 && value.find_first_not_of("0123456789") == std::string::npos;
      body["upto"] = digits ? Json(std::stoull(value)) : Json(value);
    } else {
      rules[key] = value;
    }
  }
  body["rules"] = std::move(rules);
  return post("plot", json_text(body));
}

ApiAnswer WebApi::post(std::string_view name, const std::string& body) {
  const ApiLimits& limits = limits_;
  if (name == "solve" || name == "explain" || name == "move") {
    const auto run = name == "solve" ? solve : name == "explain" ? explain : play;
    return compute(body, limits_, stop_, slots_, true,
                   [&](const Json& json, const GameRequest& request, const InputFile& input,
                       catalogue::Instance& instance) { return run(json, request, input, instance, limits); });
  }
  if (name == "table") {
    return compute(body, limits_, stop_, slots_, false,
                   [&](const Json& json, const GameRequest& request, const InputFile&, catalogue::Instance& instance) {
                     return json_text(catalogue::table_json(table_of(json, request, instance, limits), true));
                   });
  }
  if (name == "plot") {
    return compute(
        body, limits_, stop_, slots_, false,
        [&](const Json& json, const GameRequest& request, const InputFile&, catalogue::Instance& instance) {
          return plot::svg_plot(plot::table_plot(table_of(json, request, instance, limits)));
        },
        "image/svg+xml");
  }
  if (name == "games") return api_error(405, "use GET for /api/games");
  return api_error(404, fmt::format("no such endpoint: /api/{}", name.substr(0, 40)));
}

}  // namespace grundy::cli

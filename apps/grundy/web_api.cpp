#include "web_api.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <new>

#include "api_move.hpp"
#include "grundy/catalogue/catalogue.hpp"
#include "grundy/catalogue/game_info_json.hpp"
#include "grundy/catalogue/opponent.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/plot/svg_plot.hpp"
#include "grundy/plot/table_plot.hpp"

namespace grundy::cli {

namespace {

using catalogue::Json;

/// What an endpoint computes once its game is made.
using Handler = std::function<std::string(const Json& body, const GameRequest& request, const InputFile& input,
                                          catalogue::Instance& instance)>;

/// One of the server's computing slots, or none when all are taken.
class Slot {
 public:
  Slot(std::atomic<unsigned>& running, unsigned max) : running_(running) { taken_ = running_.fetch_add(1) < max; }
  ~Slot() { running_.fetch_sub(1); }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;
  [[nodiscard]] bool taken() const { return taken_; }

 private:
  std::atomic<unsigned>& running_;
  bool taken_ = false;
};

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

// Runs one computing request: its slot, its game, its bounds, and every error as one line.
ApiAnswer compute(const std::string& body, const ApiLimits& limits, const std::atomic<bool>* stop,
                  std::atomic<unsigned>& running, bool with_position, const Handler& handler,
                  const char* content_type = "application/json") {
  const Slot slot(running, limits.max_concurrent);
  if (!slot.taken()) {
    return api_error(503,
                     fmt::format("the server is busy with {} computations; try again shortly", limits.max_concurrent));
  }
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
  return catalogue::explanation_json_text(report, components);
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
  // A message may quote a cut piece of the request: never let a broken UTF-8 sequence fail the answer.
  return ApiAnswer{.status = status, .body = json.dump(-1, ' ', false, Json::error_handler_t::replace)};
}

ApiAnswer WebApi::games() const {
  Json list = Json::array();
  for (const catalogue::Entry* entry : catalogue::games()) list.push_back(game_json(entry->info(), limits_));
  Json json = Json::object();
  json["games"] = std::move(list);
  return ApiAnswer{.status = 200, .body = json.dump()};
}

ApiAnswer WebApi::plot(const std::multimap<std::string, std::string>& query) {
  Json body = Json::object();
  Json rules = Json::object();
  for (const auto& [key, value] : query) {
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
  return post("plot", body.dump());
}

ApiAnswer WebApi::post(std::string_view name, const std::string& body) {
  const ApiLimits& limits = limits_;
  if (name == "solve" || name == "explain" || name == "move") {
    const auto run = name == "solve" ? solve : name == "explain" ? explain : play;
    return compute(body, limits_, stop_, running_, true,
                   [&](const Json& json, const GameRequest& request, const InputFile& input,
                       catalogue::Instance& instance) { return run(json, request, input, instance, limits); });
  }
  if (name == "table") {
    return compute(body, limits_, stop_, running_, false,
                   [&](const Json& json, const GameRequest& request, const InputFile&, catalogue::Instance& instance) {
                     return catalogue::table_json(table_of(json, request, instance, limits), true).dump();
                   });
  }
  if (name == "plot") {
    return compute(
        body, limits_, stop_, running_, false,
        [&](const Json& json, const GameRequest& request, const InputFile&, catalogue::Instance& instance) {
          return plot::svg_plot(plot::table_plot(table_of(json, request, instance, limits)));
        },
        "image/svg+xml");
  }
  return api_error(404, fmt::format("no such endpoint: /api/{}", name.substr(0, 40)));
}

}  // namespace grundy::cli

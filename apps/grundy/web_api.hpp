// The web API of `grundy serve` (docs/api.md), apart from HTTP: each endpoint is
// a function from the request body to a status and a JSON body carrying the
// same fields as the command line's --json. Every request runs within the
// server's bounds (api_request.hpp); a computing request takes one of a fixed
// number of slots, or waits its turn in a bounded queue for a bounded time
// (compute_slots.hpp), and past them the answer is 503.
#pragma once

#include <atomic>
#include <map>
#include <string>
#include <string_view>

#include "api_request.hpp"
#include "compute_slots.hpp"

namespace grundy::cli {

/// An HTTP answer: status, content type and body.
struct ApiAnswer {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
  int retry_after_seconds = 0;  // a 503's Retry-After header; 0: none
};

/// {"error": message} with this status.
ApiAnswer api_error(int status, const std::string& message);

/// The API's endpoints over the catalogue.
class WebApi {
 public:
  /// `stop`, when set, ends running computations (the server is stopping).
  WebApi(ApiLimits limits, const std::atomic<bool>* stop)
      : limits_(limits),
        stop_(stop),
        slots_(limits.max_concurrent, limits.max_queued, std::chrono::duration<double>(limits.queue_seconds)) {}

  /// GET /api/games: every game with its rule options.
  [[nodiscard]] ApiAnswer games() const;
  /// POST /api/NAME (solve, explain, move, table, plot) with this body; 404 for another name.
  [[nodiscard]] ApiAnswer post(std::string_view name, const std::string& body);
  /// GET /api/plot?game=G&upto=N&RULE=VALUE...: the plot as SVG, as POST /api/plot; 400 for text that is not UTF-8.
  [[nodiscard]] ApiAnswer plot(const std::multimap<std::string, std::string>& query);

  [[nodiscard]] const ApiLimits& limits() const { return limits_; }
  /// True for the name of an endpoint (/api/NAME), whatever its method.
  [[nodiscard]] static bool is_endpoint(std::string_view name);

 private:
  ApiLimits limits_;
  const std::atomic<bool>* stop_;
  ComputeSlots slots_;
};

}  // namespace grundy::cli

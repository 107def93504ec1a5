// The web API of `grundy serve` (docs/api.md), apart from HTTP: each endpoint is
// a function from the request body to a status and a JSON body carrying the
// same fields as the command line's --json. Every request runs within the
// server's bounds (api_request.hpp); a computing request takes one of a fixed
// number of slots, and past them the answer is 503 at once, never a growing queue.
#pragma once

#include <atomic>
#include <map>
#include <string>
#include <string_view>

#include "api_request.hpp"

namespace grundy::cli {

/// An HTTP answer: status, content type and body.
struct ApiAnswer {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
};

/// {"error": message} with this status.
ApiAnswer api_error(int status, const std::string& message);

/// The API's endpoints over the catalogue.
class WebApi {
 public:
  /// `stop`, when set, ends running computations (the server is stopping).
  WebApi(ApiLimits limits, const std::atomic<bool>* stop) : limits_(limits), stop_(stop) {}

  /// GET /api/games: every game with its rule options.
  [[nodiscard]] ApiAnswer games() const;
  /// POST /api/NAME (solve, explain, move, table, plot) with this body; 404 for another name.
  [[nodiscard]] ApiAnswer post(std::string_view name, const std::string& body);
  /// GET /api/plot?game=G&upto=N&RULE=VALUE...: the plot as SVG, as POST /api/plot.
  [[nodiscard]] ApiAnswer plot(const std::multimap<std::string, std::string>& query);

  [[nodiscard]] const ApiLimits& limits() const { return limits_; }

 private:
  ApiLimits limits_;
  const std::atomic<bool>* stop_;
  std::atomic<unsigned> running_{0};
};

}  // namespace grundy::cli

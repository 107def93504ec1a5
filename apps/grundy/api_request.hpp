// What every game request of the web API carries ({"game", "rules", "position"
// or "input"}), read from its JSON and checked against the server's bounds,
// then turned into a catalogue Instance and Position. The server never reads
// its own files or standard input for a request: a file's text comes as
// "input", is written to a private temporary file for the game to read, and a
// position that names a file or '-' is refused (docs/api.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/catalogue/entry.hpp"
#include "grundy/catalogue/report.hpp"

namespace grundy::cli {

/// The bounds every API request is held to; docs/api.md lists them.
struct ApiLimits {
  std::size_t max_body = std::size_t{1} << 20;  // bytes of a request body
  std::size_t max_components = 1000;            // components of a position
  std::size_t max_component_chars = 100'000;    // characters of one component
  std::uint64_t max_table_upto = 1'000'000;     // --upto of a table or a plot
  std::size_t max_listed = 10'000;              // max_moves and limit
  std::size_t default_max_moves = 1000;
  std::size_t default_limit = 100;
  double request_seconds = 10;  // compute time of one request
  std::uint64_t request_memory = std::uint64_t{1} << 30;
  unsigned max_concurrent = 2;  // computing requests at once
  std::size_t max_queued = 8;   // requests waiting for a computing slot
  double queue_seconds = 2;     // the longest wait for a slot
};

/// How a game takes a file's text: not at all, as a position (rect), or as a rule option (dag's graph).
enum class InputUse { none, position, rule };

/// How `info`'s game takes "input".
InputUse input_use(const catalogue::GameInfo& info);

/// The rule option that names a file the game reads (dag's graph); nullptr when none.
const catalogue::RuleOption* file_rule_option(const catalogue::GameInfo& info);

/// A game request read from its JSON body, before the game is made.
struct GameRequest {
  const catalogue::Entry* entry = nullptr;
  catalogue::RuleValues rules;
  std::vector<std::string> position;  // the position's components as sent
  std::optional<std::string> input;   // a file's text
  catalogue::Play play = catalogue::Play::normal;  // "misere": true asks for misère play
};

/// Reads "game", "rules", "position", "input" and "misere"; throws InputError naming the field.
GameRequest read_game_request(const catalogue::Json& body, const ApiLimits& limits, bool with_position);

/// A number field of the body: `fallback` when absent; InputError when it is not
/// a whole number from 0 to `max`.
std::uint64_t count_field(const catalogue::Json& body, const char* name, std::uint64_t fallback, std::uint64_t max);

/// A temporary file holding a request's input, removed when this goes.
class InputFile {
 public:
  /// Writes `text` to a new private file; no file when text is nullopt.
  explicit InputFile(const std::optional<std::string>& text);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  /// The file's path; empty when there is none.
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  std::string path_;
};

/// The game's instance for the request (the input file, if any, in its place).
std::unique_ptr<catalogue::Instance> make_instance(const GameRequest& request, const InputFile& input,
                                                   const catalogue::Context& context);

/// The request's position, parsed by the instance.
catalogue::Position parse_position(const GameRequest& request, const InputFile& input, catalogue::Instance& instance);

}  // namespace grundy::cli

// What `grundy table GAME --upto N` computes, for any game with a table: the
// values g(0..N), the proven period where there is one, and game fields. Heap
// games hand over their HeapTable too, so it can be written in its file format.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/core/nimber.hpp"

namespace grundy::heap {
class HeapTable;
}

namespace grundy::catalogue {

/// The table options every table game takes, and the ones only some can honour.
struct TableRequest {
  bool summary = false;        // the values are not needed in memory for output
  std::string checkpoint;      // heap games: save now and then
  double checkpoint_every = 300;
  std::string resume;          // heap games: continue from a table file
  bool until_period = false;   // heap games: stop at the first proven period
  bool bounded_memory = false;  // heap games with summary: stream even a table that would fit
  bool misere = false;         // add each heap's misère value and genus (heap games)
  /// Heap games with summary: the binary table file the run itself writes (--output FILE), so that
  /// nothing needs the values in memory afterwards and the table may be computed in bounded memory.
  std::string stream_output;
};

struct TableResult {
  std::string game;
  std::uint64_t upto = 0;                  // the last n computed
  std::vector<Nimber> values;              // g(0..upto), empty when only a heap table holds them
  std::shared_ptr<const heap::HeapTable> heap_table;
  std::optional<std::uint64_t> period;
  std::optional<std::uint64_t> preperiod;
  std::optional<std::uint64_t> saltus;     // with a period: g(n + period) = g(n) + saltus (0: ordinary)
  std::vector<Nimber> misere_values;               // with --misere: the misère value of each heap 0..upto
  std::vector<std::optional<std::string>> genus;   // with --misere: each heap's genus, where computed
  nlohmann::ordered_json extra = nlohmann::ordered_json::object();
  std::vector<std::string> notes;
  /// True when the run wrote request.stream_output itself (a table computed in bounded memory).
  bool output_written = false;

  /// g(n) for n <= upto.
  [[nodiscard]] Nimber at(std::uint64_t n) const;
};

/// The table as the JSON object of the command-line contract (`grundy --json
/// table`): game, upto, values (empty unless with_values), period, preperiod, saltus,
/// then the game's fields. The command line and the web API both write this.
nlohmann::ordered_json table_json(const TableResult& table, bool with_values);

}  // namespace grundy::catalogue

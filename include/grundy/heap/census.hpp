// A census of take-and-break games: every octal (or hexadecimal) code with a
// given first digit and up to D digits after the point, each computed (grow.hpp)
// to a bound or its proven period, then classified as researchers' tables do:
// trivial (a period proven from g(0..1000)), solved (an ordinary period proven
// later), arithmetic (an arithmetic period proven) or unsolved (none up to the
// bound). census_classes.hpp groups the games whose value sequences agree.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/heap/periodicity.hpp"
#include "grundy/heap/rules.hpp"

namespace grundy::heap {

/// Which games a census covers and how far each is computed.
struct CensusSpec {
  /// Code digits after the point, 1..8.
  unsigned digits = 3;
  /// The first digits d0 (0 and 4 in octal; 0, 4, 8, c in hexadecimal).
  std::vector<unsigned> first = {0, 4};
  /// Digits 0-f instead of 0-7.
  bool hex = false;
  /// Each game is computed to g(upto) at most.
  std::uint64_t upto = std::uint64_t{1} << 20;
  /// Each game's compute budget in seconds (0: none); the bound reached is reported.
  double seconds = 30;
  friend bool operator==(const CensusSpec&, const CensusSpec&) = default;
};

/// The most digits a census takes.
inline constexpr unsigned kMaxCensusDigits = 8;
/// Heaps below this decide "trivial": a period proven from g(0..kTrivialHeaps - 1).
inline constexpr std::uint64_t kTrivialHeaps = 1001;

/// Checks a spec; throws InputError naming the option (--digits, --first, --upto, --time).
void check_census_spec(const CensusSpec& spec);

/// The games of a census in census order: first digit as listed, then fewer
/// digits, then digits in order; each code once, without trailing zeros
/// (0.100 is 0.1), the game with no move left out.
std::vector<HeapRules> census_games(const CensusSpec& spec);

enum class CensusStatus { trivial, solved, arithmetic, unsolved };

/// "trivial", "solved", "arithmetic", "unsolved".
const char* status_name(CensusStatus status);
/// The status named so; throws InputError otherwise.
CensusStatus parse_status(const std::string& name);

/// A 122-bit fingerprint (two polynomial hashes modulo 2^61 - 1) of a prefix
/// of a value sequence: two sequences that differ anywhere in the prefix share
/// it with probability below 2^-100.
struct SequenceHash {
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  friend bool operator==(const SequenceHash&, const SequenceHash&) = default;
};

/// What decides equivalence without the values: a game's sequence with its
/// leading zeros removed (g(zeros), g(zeros + 1), ...), fingerprinted at
/// several lengths: powers of two, the lengths at which a game computed to
/// the census bound ends (upto + 1 - z for every count z of leading zeros a
/// game of the census can have) and its own known length.
struct Fingerprint {
  /// g(n) = 0 for n < zeros, g(zeros) > 0.
  std::uint64_t zeros = 0;
  /// (length, hash of the first `length` values after the zeros), lengths increasing.
  std::vector<std::pair<std::uint64_t, SequenceHash>> prefixes;
};

/// One game of a census.
struct CensusRow {
  std::string code;  // "0.137", format_code
  CensusStatus status = CensusStatus::unsolved;
  std::optional<Periodicity> period;  // proven, for every status but unsolved
  /// The last heap computed: g(0..checked_upto) known.
  std::uint64_t checked_upto = 0;
  /// Past a proven period: the plain method re-computed g(checked_upto + 1 ..
  /// rechecked_to) and found the period there too (0 when unsolved).
  std::uint64_t rechecked_to = 0;
  /// Statistics of g(0..checked_upto), or of the pre-period and one period of a periodic game.
  std::uint32_t largest = 0;
  std::uint64_t largest_at = 0;
  /// The sparse-space split (table_stats.hpp), when one makes the rare values fewer than half.
  std::optional<std::uint32_t> rare_mask;
  bool rare_heap_parity = false;
  std::uint64_t rare_count = 0;
  std::optional<std::uint64_t> last_rare;
  /// Trivial games: the values with the period in parentheses, "0(0112)".
  std::string values;
  double seconds = 0;
  Fingerprint fingerprint;
};

/// Computes one game of a census: grows its table (one thread) to spec.upto or
/// a proven period within spec.seconds, classifies it, re-checks a proven period
/// by the plain method past the table and fingerprints its values. nullopt when
/// `stop` was raised first (nothing of the game is kept).
std::optional<CensusRow> census_game(const HeapRules& rules, const CensusSpec& spec,
                                     const std::atomic<bool>* stop = nullptr);

/// The values of a periodic sequence as the tables write them: the pre-period,
/// then the period in parentheses; digits 0-9 then A-Z, or space-separated
/// numbers when a value is 36 or more: "0(0112)", "01 40 (3 36)".
std::string periodic_values_text(const std::vector<std::uint32_t>& values, const Periodicity& period);

}  // namespace grundy::heap

#include "grundy/heap/census.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <span>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/grow.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/table.hpp"
#include "grundy/heap/table_stats.hpp"

namespace grundy::heap {

namespace {

using Clock = std::chrono::steady_clock;

// The plain method re-computes at least this many values past a proven period,
// and at most kRecheckMost, within about kRecheckWork option visits.
constexpr std::uint64_t kRecheckLeast = 64;
constexpr std::uint64_t kRecheckMost = 1024;
constexpr std::uint64_t kRecheckWork = std::uint64_t{1} << 27;

// Leading zeros a census game can have: a move first possible from heap d + 3
// (removing d tokens and leaving three heaps).
constexpr std::uint64_t kMostZeros = kMaxCensusDigits + 3;

constexpr std::uint64_t kMersenne61 = (std::uint64_t{1} << 61) - 1;
constexpr std::uint64_t kBaseA = 0x1f3d5b79a2c4e681ULL % kMersenne61;
constexpr std::uint64_t kBaseB = 0x0b7e151628aed2a7ULL % kMersenne61;

__extension__ using Uint128 = unsigned __int128;  // g++ and clang: a 64x64 -> 128 multiply

std::uint64_t mul_add_mod(std::uint64_t h, std::uint64_t base, std::uint64_t add) {
  const Uint128 product = static_cast<Uint128>(h) * base + add;
  std::uint64_t r = static_cast<std::uint64_t>(product & kMersenne61) + static_cast<std::uint64_t>(product >> 61);
  r = (r & kMersenne61) + (r >> 61);
  return r >= kMersenne61 ? r - kMersenne61 : r;
}

// g(n) for any n the table knows (its values, then its proven period).
class KnownValues {
 public:
  explicit KnownValues(const HeapTable& table) : table_(table) {}
  [[nodiscard]] std::uint64_t at(std::uint64_t n) const {
    if (n < table_.size()) return table_.at(n);
    const Periodicity& p = *table_.period();
    const std::uint64_t periods = (n - p.preperiod) / p.period;
    return table_.at(p.preperiod + (n - p.preperiod) % p.period) + periods * p.saltus;
  }

 private:
  const HeapTable& table_;
};

Fingerprint fingerprint_of(const HeapTable& table, std::uint64_t upto) {
  const KnownValues g(table);
  Fingerprint print;
  const std::uint64_t size = table.size();
  while (print.zeros < size && table.at(print.zeros) == 0) ++print.zeros;
  // The stripped sequence's known length; a periodic one is hashed far enough
  // for any comparison within the census bound.
  const bool periodic = table.period().has_value();
  const std::uint64_t known = periodic ? std::bit_ceil(upto + 1) : size - print.zeros;
  std::vector<std::uint64_t> points;
  for (std::uint64_t length = 1; length <= known; length *= 2) points.push_back(length);
  for (std::uint64_t z = 0; z <= kMostZeros; ++z) {
    if (upto + 1 > z && upto + 1 - z <= known) points.push_back(upto + 1 - z);
  }
  if (!periodic && known > 0) points.push_back(known);
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  SequenceHash hash;
  std::uint64_t length = 0;
  for (const std::uint64_t point : points) {
    for (; length < point; ++length) {
      const std::uint64_t v = g.at(print.zeros + length) + 1;
      hash.a = mul_add_mod(hash.a, kBaseA, v);
      hash.b = mul_add_mod(hash.b, kBaseB, v);
    }
    print.prefixes.emplace_back(point, hash);
  }
  return print;
}

std::vector<std::uint32_t> first_values(const HeapTable& table, std::uint64_t count) {
  std::vector<std::uint32_t> values(std::min(count, table.size()));
  for (std::uint64_t n = 0; n < values.size(); ++n) values[n] = table.at(n);
  return values;
}

// The plain method's values past the table, compared with the proven period;
// returns the last heap re-checked. Throws Error on a disagreement (an engine fault).
std::uint64_t recheck_period(const HeapTable& table, const std::atomic<bool>* stop) {
  const Periodicity& p = *table.period();
  std::vector<std::uint32_t> values = first_values(table, table.size());
  const std::uint64_t size = values.size();
  const std::uint64_t stretch = std::clamp(kRecheckWork / std::max<std::uint64_t>(size, 1), kRecheckLeast, kRecheckMost);
  KernelControl control;
  control.stop = stop;
  extend_plain<std::uint32_t>(table.rules(), values, size + stretch - 1, control);
  const KnownValues g(table);
  for (std::uint64_t n = size; n < values.size(); ++n) {
    if (values[n] != g.at(n)) {
      throw Error(fmt::format("{}: the plain method gives g({}) = {}, not {} as the proven {} says", format_code(table.rules()),
                              n, values[n], g.at(n), period_text(p)));
    }
  }
  return values.size() - 1;
}

CensusStatus status_of(const HeapTable& table) {
  if (!table.period()) return CensusStatus::unsolved;
  if (table.period()->saltus != 0) return CensusStatus::arithmetic;
  const std::vector<std::uint32_t> prefix = first_values(table, kTrivialHeaps);
  const auto early = find_period<std::uint32_t>(table.rules(), std::span<const std::uint32_t>(prefix));
  return early && early->saltus == 0 ? CensusStatus::trivial : CensusStatus::solved;
}

char value_digit(std::uint32_t v) { return static_cast<char>(v < 10 ? '0' + v : 'A' + (v - 10)); }

}  // namespace

void check_census_spec(const CensusSpec& spec) {
  if (spec.digits < 1 || spec.digits > kMaxCensusDigits) {
    throw InputError(fmt::format("--digits: {} is not a number of code digits from 1 to {}", spec.digits,
                                 kMaxCensusDigits));
  }
  if (spec.first.empty()) throw InputError("--first: no first digit given");
  for (std::size_t i = 0; i < spec.first.size(); ++i) {
    const unsigned d = spec.first[i];
    const bool allowed = d == 0 || d == 4 || (spec.hex && (d == 8 || d == 12));
    if (!allowed) {
      throw InputError(fmt::format("--first: {:x} is not a first code digit ({})", d,
                                   spec.hex ? "0, 4, 8 or c: a split that removes nothing" : "0 or 4; 8 and c with --hex"));
    }
    if (std::find(spec.first.begin(), spec.first.begin() + static_cast<std::ptrdiff_t>(i), d) !=
        spec.first.begin() + static_cast<std::ptrdiff_t>(i)) {
      throw InputError(fmt::format("--first: {:x} is listed twice", d));
    }
  }
  if (spec.upto < 1) throw InputError("--upto: must be at least 1");
  if (!(spec.seconds >= 0)) throw InputError("--time: must not be negative");
}

std::vector<HeapRules> census_games(const CensusSpec& spec) {
  check_census_spec(spec);
  const unsigned base = spec.hex ? 16 : 8;
  std::vector<HeapRules> games;
  for (const unsigned first : spec.first) {
    for (unsigned length = 0; length <= spec.digits; ++length) {
      std::vector<std::uint8_t> digits(length + 1, 0);
      digits[0] = static_cast<std::uint8_t>(first);
      // Every tuple d1..d_length in order, the last digit non-zero (length 0: d0 alone).
      std::uint64_t count = 1;
      for (unsigned i = 1; i < length; ++i) count *= base;
      if (length > 0) count *= base - 1;
      for (std::uint64_t index = 0; index < count; ++index) {
        std::uint64_t rest = index;
        if (length > 0) {
          digits[length] = static_cast<std::uint8_t>(1 + rest % (base - 1));
          rest /= base - 1;
          for (unsigned i = length - 1; i >= 1; --i) {
            digits[i] = static_cast<std::uint8_t>(rest % base);
            rest /= base;
          }
        }
        if (length == 0 && first == 0) continue;  // the game with no move
        std::vector<std::uint8_t> code = digits;
        HeapRules rules = HeapRules::make("census", code);
        games.push_back(HeapRules::make(format_code(rules), std::move(code)));
      }
    }
  }
  // Digits in order: the counter above runs the last digit fastest, so sort each
  // (first digit, length) run by its digits.
  auto less = [](const HeapRules& a, const HeapRules& b) { return a.digits() < b.digits(); };
  std::size_t begin = 0;
  for (std::size_t i = 1; i <= games.size(); ++i) {
    if (i == games.size() || games[i].digits().size() != games[begin].digits().size() ||
        games[i].digit(0) != games[begin].digit(0)) {
      std::sort(games.begin() + static_cast<std::ptrdiff_t>(begin), games.begin() + static_cast<std::ptrdiff_t>(i), less);
      begin = i;
    }
  }
  return games;
}

const char* status_name(CensusStatus status) {
  switch (status) {
    case CensusStatus::trivial:
      return "trivial";
    case CensusStatus::solved:
      return "solved";
    case CensusStatus::arithmetic:
      return "arithmetic";
    case CensusStatus::unsolved:
      break;
  }
  return "unsolved";
}

CensusStatus parse_status(const std::string& name) {
  for (const CensusStatus s : {CensusStatus::trivial, CensusStatus::solved, CensusStatus::arithmetic,
                               CensusStatus::unsolved}) {
    if (name == status_name(s)) return s;
  }
  throw InputError(fmt::format("'{}' is not a census status", name));
}

std::string periodic_values_text(const std::vector<std::uint32_t>& values, const Periodicity& period) {
  const std::uint64_t end = std::min<std::uint64_t>(values.size(), period.preperiod + period.period);
  const bool digits = std::all_of(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(end),
                                  [](std::uint32_t v) { return v < 36; });
  std::string text;
  for (std::uint64_t n = 0; n < end; ++n) {
    if (n == period.preperiod) text += digits || n == 0 ? "(" : " (";
    else if (!digits && n > 0) text += ' ';
    text += digits ? std::string(1, value_digit(values[n])) : std::to_string(values[n]);
  }
  return text + ")";
}

std::optional<CensusRow> census_game(const HeapRules& rules, const CensusSpec& spec, const std::atomic<bool>* stop) {
  const auto start = Clock::now();
  HeapTable table(rules);
  KernelStats kernel_stats;
  ExtendOptions options;
  options.threads = 1;
  options.stop = stop;
  options.kernel_stats = &kernel_stats;
  // Seconds of this thread's compute, not of the clock: a busy machine takes each game as far.
  if (spec.seconds > 0) options.thread_cpu_deadline = thread_cpu_seconds() + spec.seconds;
  try {
    if (grow_table(table, GrowGoal{.cover = spec.upto, .limit = spec.upto}, options).outcome ==
        ExtendOutcome::stopped) {
      return std::nullopt;
    }
  } catch (const TimeExceeded&) {
    table.detect_period();  // the bound reached is the answer; it may prove a period too
  }
  if (stop != nullptr && stop->load()) return std::nullopt;

  CensusRow row;
  row.code = format_code(rules);
  row.status = status_of(table);
  row.period = table.period();
  row.checked_upto = table.size() - 1;
  if (row.period) row.rechecked_to = recheck_period(table, stop);
  if (stop != nullptr && stop->load()) return std::nullopt;
  row.fingerprint = fingerprint_of(table, spec.upto);
  if (row.status == CensusStatus::trivial) row.values = periodic_values_text(first_values(table, kTrivialHeaps), *row.period);
  // A periodic game's every value: its pre-period and one period.
  if (row.period && row.period->saltus == 0) table.truncate(row.period->preperiod + row.period->period);
  // The sparse space decided from the values alone, as `grundy table` reports it.
  const StatsAccumulator accumulated = accumulate_stats(table);
  const std::optional<RareSplit> split = accumulated.sparse_space(sparse_space_rule(rules));
  const TableStats stats = accumulated.finish(split);
  row.largest = stats.largest;
  row.largest_at = stats.largest_at;
  if (stats.rare) {
    row.rare_mask = stats.rare->mask;
    row.rare_heap_parity = stats.rare->heap_parity;
    row.rare_count = stats.rare_count;
    row.last_rare = stats.last_rare;
  }
  row.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return row;
}

}  // namespace grundy::heap

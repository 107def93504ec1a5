// The census of octal games against an independent brute force: every
// two-digit code's own mex table (written here from the meaning of the digits)
// and its own period search decide each status, period and pre-period; the
// classes of equivalent games agree with a direct comparison of shifted value
// sequences for every pair; and the thread count changes no row.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <optional>
#include <random>
#include <vector>

#include "grundy/heap/census.hpp"
#include "grundy/heap/census_classes.hpp"
#include "grundy/heap/census_run.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "support/sanitizers.hpp"

namespace grundy::heap {
namespace {

// g(0..last) of an octal code by the plain mex rule: removing k tokens from a
// heap of n leaves n - k split as digit d_k allows (bit 1: nothing left, bit 2:
// one heap, bit 4: two heaps, bit 8: three heaps, all non-empty).
std::vector<unsigned> brute_values(const std::vector<std::uint8_t>& digits, std::size_t last) {
  std::vector<unsigned> g(last + 1, 0);
  for (std::size_t n = 1; n <= last; ++n) {
    std::vector<bool> seen(2 * n + 64, false);
    for (std::size_t k = 0; k < digits.size() && k <= n; ++k) {
      const std::uint8_t d = digits[k];
      const std::size_t rest = n - k;
      if (k > 0 && (d & 1) != 0 && rest == 0) seen[0] = true;
      if (k > 0 && (d & 2) != 0 && rest >= 1) seen[g[rest]] = true;
      if ((d & 4) != 0) {
        for (std::size_t a = 1; 2 * a <= rest; ++a) seen[g[a] ^ g[rest - a]] = true;
      }
      if ((d & 8) != 0) {
        for (std::size_t a = 1; 3 * a <= rest; ++a) {
          for (std::size_t b = a; a + 2 * b <= rest; ++b) seen[g[a] ^ g[b] ^ g[rest - a - b]] = true;
        }
      }
    }
    while (seen[g[n]]) ++g[n];
  }
  return g;
}

std::size_t most_heaps(const std::vector<std::uint8_t>& digits) {
  std::size_t j = 1;
  for (const std::uint8_t d : digits) {
    if ((d & 4) != 0) j = std::max<std::size_t>(j, 2);
    if ((d & 8) != 0) j = 3;
  }
  return j;
}

// The smallest period the theorem proves from g(0..size-1): for p = 1, 2, ...,
// n0 the first heap from which g(n + p) = g(n) to the table's end, proven when
// the table reaches g(j*max(n0,1) + max(j-1,1)*p + t + p - 1) (the theorem's
// range, from n0' >= 1 since a split leaves non-empty heaps); then the least
// divisor d of p that the table shows over a whole window from where both hold.
std::optional<std::pair<std::size_t, std::size_t>> brute_period(const std::vector<std::uint8_t>& digits,
                                                                const std::vector<unsigned>& g, std::size_t size) {
  const std::size_t j = most_heaps(digits);
  const std::size_t t = digits.size() - 1;
  auto start_of = [&](std::size_t p) {
    std::size_t n0 = size - p;
    while (n0 > 0 && g[n0 - 1 + p] == g[n0 - 1]) --n0;
    return n0;
  };
  for (std::size_t p = 1; p < size; ++p) {
    const std::size_t n0 = start_of(p);
    if (j * std::max<std::size_t>(n0, 1) + std::max<std::size_t>(j - 1, 1) * p + t + p > size) continue;
    for (std::size_t d = 1; d < p; ++d) {
      if (p % d == 0 && std::max(start_of(d), n0) + p + d <= size) return std::make_pair(d, start_of(d));
    }
    return std::make_pair(p, n0);
  }
  return std::nullopt;
}

std::vector<std::uint8_t> digits_of(const std::string& code) { return parse_heap_rules(code).digits(); }

CensusSpec spec_of(unsigned digits, std::uint64_t upto) {
  CensusSpec spec;
  spec.digits = digits;
  spec.upto = upto;
  spec.seconds = 0;
  return spec;
}

std::vector<CensusRow> run_census(const CensusSpec& spec, unsigned threads) {
  const std::vector<HeapRules> games = census_games(spec);
  std::vector<CensusRow> rows(games.size());
  CensusRun run(spec, games, std::vector<bool>(games.size(), false), 0);
  run.run(threads, nullptr, [&](std::size_t i, CensusRow&& row) { rows[i] = std::move(row); });
  return rows;
}

TEST(Census, GamesInCensusOrder) {
  const std::vector<HeapRules> two = census_games(spec_of(2, 100));
  ASSERT_EQ(two.size(), 127U);
  EXPECT_EQ(two[0].name(), "0.1");
  EXPECT_EQ(two[6].name(), "0.7");
  EXPECT_EQ(two[7].name(), "0.01");
  EXPECT_EQ(two[8].name(), "0.02");
  EXPECT_EQ(two[62].name(), "0.77");
  EXPECT_EQ(two[63].name(), "4.0");
  EXPECT_EQ(two[64].name(), "4.1");
  EXPECT_EQ(two[126].name(), "4.77");
  EXPECT_EQ(census_games(spec_of(3, 100)).size(), 1023U);
  CensusSpec hex = spec_of(1, 100);
  hex.hex = true;
  hex.first = {0, 4, 8, 12};
  const std::vector<HeapRules> h = census_games(hex);
  ASSERT_EQ(h.size(), 15U + 16 + 16 + 16);
  EXPECT_EQ(h[14].name(), "0.f");
  EXPECT_EQ(h.back().name(), "c.f");
  std::map<std::string, int> seen;
  for (const HeapRules& r : census_games(spec_of(3, 100))) EXPECT_EQ(++seen[r.name()], 1) << r.name();
}

TEST(Census, RefusesBadSpecs) {
  EXPECT_THROW(census_games(spec_of(0, 100)), InputError);
  EXPECT_THROW(census_games(spec_of(9, 100)), InputError);
  CensusSpec five = spec_of(2, 100);
  five.first = {5};
  EXPECT_THROW(census_games(five), InputError);
  CensusSpec eight = spec_of(2, 100);
  eight.first = {8};
  EXPECT_THROW(census_games(eight), InputError);  // only with hexadecimal codes
  CensusSpec twice = spec_of(2, 100);
  twice.first = {4, 4};
  EXPECT_THROW(census_games(twice), InputError);
}

TEST(Census, TwoDigitCodesAgreeWithBruteForce) {
  constexpr std::uint64_t kUpto = testing::sized(4096, 2048);
  const CensusSpec spec = spec_of(2, kUpto);
  const std::vector<CensusRow> rows = run_census(spec, 2);
  std::size_t trivial = 0;
  std::size_t solved = 0;
  std::size_t unsolved = 0;
  for (const CensusRow& row : rows) {
    SCOPED_TRACE(row.code);
    const std::vector<std::uint8_t> digits = digits_of(row.code);
    const std::vector<unsigned> g = brute_values(digits, kUpto);
    const auto early = brute_period(digits, g, kTrivialHeaps);
    const auto late = brute_period(digits, g, kUpto + 1);
    EXPECT_EQ(row.status == CensusStatus::trivial, early.has_value());
    EXPECT_EQ(row.status == CensusStatus::unsolved, !late.has_value());
    EXPECT_NE(row.status, CensusStatus::arithmetic);  // octal games are never arithmetic-periodic
    ASSERT_LE(row.checked_upto, kUpto);
    if (!late) {
      ++unsolved;
      EXPECT_EQ(row.checked_upto, kUpto);
      EXPECT_EQ(row.largest, *std::max_element(g.begin(), g.end()));
      continue;
    }
    ++(early ? trivial : solved);
    ASSERT_TRUE(row.period.has_value());
    // The census's period is the smallest the brute force proves in the table the census grew.
    const auto own = brute_period(digits, g, row.checked_upto + 1);
    ASSERT_TRUE(own.has_value());
    EXPECT_EQ(row.period->period, own->first);
    EXPECT_EQ(row.period->preperiod, own->second);
    EXPECT_EQ(row.period->saltus, 0U);
    // It holds over the whole brute-force table, and the plain re-check went past the census's table.
    for (std::size_t n = row.period->preperiod; n + row.period->period <= kUpto; ++n) {
      ASSERT_EQ(g[n + row.period->period], g[n]) << n;
    }
    EXPECT_GT(row.rechecked_to, row.checked_upto);
    const std::size_t end = row.period->preperiod + row.period->period;
    EXPECT_EQ(row.largest, *std::max_element(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(end)));
    if (row.status == CensusStatus::trivial) {
      std::vector<std::uint32_t> values(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(end));
      EXPECT_EQ(row.values, periodic_values_text(values, *row.period));
    }
  }
  EXPECT_EQ(trivial + solved + unsolved, 127U);
  // Kayles (0.77): pre-period 71, period 12; Dawson's Kayles (0.07): 53 and 34 (Winning Ways).
  const auto at = [&](const std::string& code) {
    return *std::find_if(rows.begin(), rows.end(), [&](const CensusRow& r) { return r.code == code; });
  };
  EXPECT_EQ(at("0.77").period, (Periodicity{.period = 12, .preperiod = 71}));
  EXPECT_EQ(at("0.07").period, (Periodicity{.period = 34, .preperiod = 53}));
  EXPECT_EQ(at("0.77").status, CensusStatus::trivial);
  EXPECT_EQ(at("0.6").status, CensusStatus::unsolved);
  EXPECT_EQ(at("0.51").values, "0(1)");
}

TEST(Census, PeriodicValuesText) {
  EXPECT_EQ(periodic_values_text({0, 1, 1, 2}, Periodicity{.period = 2, .preperiod = 2}), "01(12)");
  EXPECT_EQ(periodic_values_text({0, 10, 35}, Periodicity{.period = 3, .preperiod = 0}), "(0AZ)");
  EXPECT_EQ(periodic_values_text({0, 36, 2}, Periodicity{.period = 2, .preperiod = 1}), "0 (36 2)");
}

// The sequence without its leading zeros, and their count.
std::pair<std::size_t, std::vector<unsigned>> stripped(const std::vector<unsigned>& g) {
  std::size_t z = 0;
  while (z < g.size() && g[z] == 0) ++z;
  return {z, std::vector<unsigned>(g.begin() + static_cast<std::ptrdiff_t>(z), g.end())};
}

TEST(Census, ClassesAgreeWithShiftedSequencesForEveryPair) {
  constexpr std::uint64_t kUpto = 512;
  const CensusSpec spec = spec_of(2, kUpto);
  const std::vector<CensusRow> rows = run_census(spec, 2);
  const std::vector<std::optional<SameAs>> same = census_classes(rows);
  // What the census compares: a periodic game is known to 1024 values past its
  // zeros (the bound's next power of two), any other to the bound.
  std::vector<std::pair<std::size_t, std::vector<unsigned>>> known;
  for (const CensusRow& row : rows) {
    auto [z, s] = stripped(brute_values(digits_of(row.code), 1100));
    s.resize(row.period ? 1024 : kUpto + 1 - z);
    known.emplace_back(z, std::move(s));
  }
  auto equal = [&](std::size_t a, std::size_t b) {
    const std::size_t length = std::min(known[a].second.size(), known[b].second.size());
    return std::equal(known[a].second.begin(), known[a].second.begin() + static_cast<std::ptrdiff_t>(length),
                      known[b].second.begin());
  };
  std::size_t members = 0;
  for (std::size_t b = 0; b < rows.size(); ++b) {
    for (std::size_t a = 0; a < rows.size(); ++a) {
      EXPECT_EQ(compare_rows(rows[a], rows[b]).has_value(), equal(a, b)) << rows[a].code << " " << rows[b].code;
    }
    if (same[b]) {
      ++members;
      const std::size_t f = same[b]->first;
      EXPECT_LT(f, b);
      EXPECT_FALSE(same[f].has_value());
      EXPECT_TRUE(equal(f, b)) << rows[b].code;
      EXPECT_EQ(same[b]->offset, static_cast<std::int64_t>(known[b].first) - static_cast<std::int64_t>(known[f].first));
    }
    // No earlier first game of a class it agrees with is passed over.
    for (std::size_t f = 0; f < (same[b] ? same[b]->first : b); ++f) {
      if (!same[f]) {
        EXPECT_FALSE(equal(f, b)) << rows[f].code << " " << rows[b].code;
      }
    }
  }
  EXPECT_GT(members, 20U);  // many two-digit games are equivalent (.05 and 4.0, .51 and 4.1, ...)
  // 4.0 is 0.2 (both 0(01)), proven: both periodic.
  const auto index = [&](const std::string& code) {
    return static_cast<std::size_t>(
        std::find_if(rows.begin(), rows.end(), [&](const CensusRow& r) { return r.code == code; }) - rows.begin());
  };
  ASSERT_TRUE(same[index("4.0")].has_value());
  EXPECT_EQ(rows[same[index("4.0")]->first].code, "0.2");
  EXPECT_TRUE(same[index("4.0")]->proven);
}

TEST(Census, RandomThreeDigitPairsAgreeWithShiftedSequences) {
  constexpr std::uint64_t kUpto = 1024;
  const CensusSpec spec = spec_of(3, kUpto);
  const std::vector<HeapRules> games = census_games(spec);
  std::mt19937 random(20261126);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  std::size_t agreeing = 0;
  const auto trials = static_cast<int>(testing::sized(60, 30));
  for (int trial = 0; trial < trials; ++trial) {
    const HeapRules& a = games[pick(random)];
    // Half the pairs share their first digits, where equivalent games are common.
    const std::size_t near = std::min<std::size_t>(games.size() - 1, pick(random) % 64 + static_cast<std::size_t>(&a - games.data()) / 64 * 64);
    const HeapRules& b = trial % 2 == 0 ? games[pick(random)] : games[near];
    const CensusRow ra = *census_game(a, spec);
    const CensusRow rb = *census_game(b, spec);
    auto [za, sa] = stripped(brute_values(a.digits(), 2100));
    auto [zb, sb] = stripped(brute_values(b.digits(), 2100));
    sa.resize(ra.period ? 2048 : kUpto + 1 - za);
    sb.resize(rb.period ? 2048 : kUpto + 1 - zb);
    const std::size_t length = std::min(sa.size(), sb.size());
    const bool equal = std::equal(sa.begin(), sa.begin() + static_cast<std::ptrdiff_t>(length), sb.begin());
    const auto same = compare_rows(ra, rb);
    EXPECT_EQ(same.has_value(), equal) << a.name() << " " << b.name();
    if (same) {
      ++agreeing;
      EXPECT_EQ(same->offset, static_cast<std::int64_t>(zb) - static_cast<std::int64_t>(za));
    }
  }
  EXPECT_GT(agreeing, 0U);
}

TEST(Census, ThreadCountChangesNoRow) {
  const CensusSpec spec = spec_of(2, testing::sized(4096, 512));
  const std::vector<CensusRow> one = run_census(spec, 1);
  for (const unsigned threads : {2U, 3U}) {
    const std::vector<CensusRow> many = run_census(spec, threads);
    ASSERT_EQ(many.size(), one.size());
    for (std::size_t i = 0; i < one.size(); ++i) {
      SCOPED_TRACE(one[i].code);
      EXPECT_EQ(many[i].code, one[i].code);
      EXPECT_EQ(many[i].status, one[i].status);
      EXPECT_EQ(many[i].period, one[i].period);
      EXPECT_EQ(many[i].checked_upto, one[i].checked_upto);
      EXPECT_EQ(many[i].rechecked_to, one[i].rechecked_to);
      EXPECT_EQ(many[i].largest, one[i].largest);
      EXPECT_EQ(many[i].rare_mask, one[i].rare_mask);
      EXPECT_EQ(many[i].rare_count, one[i].rare_count);
      EXPECT_EQ(many[i].last_rare, one[i].last_rare);
      EXPECT_EQ(many[i].values, one[i].values);
      EXPECT_EQ(many[i].fingerprint.zeros, one[i].fingerprint.zeros);
      EXPECT_EQ(many[i].fingerprint.prefixes, one[i].fingerprint.prefixes);
    }
  }
}

TEST(Census, StopDropsTheGameUnderWay) {
  std::atomic<bool> stop{true};
  EXPECT_FALSE(census_game(parse_heap_rules("0.6"), spec_of(1, 1 << 16), &stop).has_value());
}

}  // namespace
}  // namespace grundy::heap

#include "grundy/heap/census_classes.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace grundy::heap {

namespace {

// Rows whose fingerprints reach this length are bucketed by their hash there.
constexpr std::uint64_t kBucketLength = 64;

// The stripped pre-period: where the sequence without its leading zeros turns periodic.
std::uint64_t stripped_preperiod(const CensusRow& row) {
  return row.period->preperiod > row.fingerprint.zeros ? row.period->preperiod - row.fingerprint.zeros : 0;
}

const SequenceHash* hash_at(const CensusRow& row, std::uint64_t length) {
  for (const auto& [point, hash] : row.fingerprint.prefixes) {
    if (point == length) return &hash;
  }
  return nullptr;
}

}  // namespace

std::optional<SameAs> compare_rows(const CensusRow& a, const CensusRow& b) {
  // The longest length both fingerprinted: they agree there or differ.
  const auto& pa = a.fingerprint.prefixes;
  const auto& pb = b.fingerprint.prefixes;
  std::size_t i = pa.size();
  std::size_t j = pb.size();
  while (i > 0 && j > 0 && pa[i - 1].first != pb[j - 1].first) {
    if (pa[i - 1].first > pb[j - 1].first) --i;
    else --j;
  }
  if (i == 0 || j == 0 || pa[i - 1].second != pb[j - 1].second) return std::nullopt;
  const std::uint64_t length = pa[i - 1].first;
  SameAs same;
  same.offset = static_cast<std::int64_t>(b.fingerprint.zeros) - static_cast<std::int64_t>(a.fingerprint.zeros);
  same.seen_to = b.fingerprint.zeros + length - 1;
  if (a.period && b.period) {
    const std::uint64_t common = std::lcm(a.period->period, b.period->period);
    const bool growing = a.period->saltus != 0 || b.period->saltus != 0;
    const std::uint64_t needed =
        std::max(stripped_preperiod(a), stripped_preperiod(b)) + (growing ? 2 : 1) * common;
    same.proven = length >= needed;
  }
  return same;
}

std::vector<std::optional<SameAs>> census_classes(const std::vector<CensusRow>& rows) {
  std::vector<std::optional<SameAs>> same(rows.size());
  // The first games of the classes so far: by their hash at kBucketLength, and
  // those fingerprinted short of it (compared with every row).
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::vector<std::size_t>> buckets;
  std::vector<std::size_t> short_firsts;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const SequenceHash* key = hash_at(rows[r], kBucketLength);
    auto try_first = [&](std::size_t f) {
      if (same[r] && same[r]->first < f) return;
      if (auto s = compare_rows(rows[f], rows[r])) {
        s->first = f;
        same[r] = *s;
      }
    };
    if (key != nullptr) {
      const auto found = buckets.find({key->a, key->b});
      if (found != buckets.end()) {
        for (const std::size_t f : found->second) {
          try_first(f);
          if (same[r]) break;
        }
      }
      for (const std::size_t f : short_firsts) try_first(f);
    } else {
      for (std::size_t f = 0; f < r; ++f) {
        if (!same[f]) try_first(f);
        if (same[r]) break;
      }
    }
    if (same[r]) continue;
    if (key != nullptr) buckets[{key->a, key->b}].push_back(r);
    else short_firsts.push_back(r);
  }
  return same;
}

}  // namespace grundy::heap

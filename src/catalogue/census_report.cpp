#include "grundy/catalogue/census_report.hpp"

#include <fmt/format.h>

#include <array>

#include "grundy/catalogue/census_file.hpp"

namespace grundy::catalogue {

namespace {

using heap::CensusRow;
using heap::CensusStatus;
using heap::SameAs;

constexpr std::array kStatuses = {CensusStatus::trivial, CensusStatus::solved, CensusStatus::arithmetic,
                                  CensusStatus::unsolved};

std::size_t count_of(const CensusResult& census, CensusStatus status) {
  std::size_t count = 0;
  for (const CensusRow& row : census.rows) count += row.status == status ? 1 : 0;
  return count;
}

std::size_t class_count(const CensusResult& census) {
  std::size_t count = 0;
  for (const auto& same : census.same) count += same ? 0 : 1;
  return count;
}

std::string offset_text(std::int64_t offset) { return fmt::format("{}{}", offset < 0 ? "" : "+", offset); }

// "0.4 +2", "0.36 +0 (seen to 1048576)"; "" for the first game of a class.
std::string same_text(const CensusResult& census, std::size_t r) {
  const std::optional<SameAs>& same = census.same[r];
  if (!same) return "";
  return fmt::format("{} {}{}", census.rows[same->first].code, offset_text(same->offset),
                     same->proven ? "" : fmt::format(" (seen to {})", same->seen_to));
}

std::string optional_text(const std::optional<std::uint64_t>& value) { return value ? std::to_string(*value) : "-"; }

std::string mask_text(const CensusRow& row) {
  if (!row.rare_mask) return "-";
  return fmt::format("{:x}{}", *row.rare_mask, row.rare_heap_parity ? "+pos" : "");
}

std::string prefix_codes(const heap::CensusSpec& spec) {
  std::string text;
  for (const unsigned d : spec.first) text += fmt::format("{}{:x}.x", text.empty() ? "" : ", ", d);
  return text;
}

std::string summary_line(const CensusResult& census) {
  return fmt::format("{} games ({} with up to {} {} digits), each to g({}) or its proven period{}: trivial {}, solved {}, "
                     "arithmetic {}, unsolved {}; {} classes of equivalent games; {:.1f} s on {}{} thread{}",
                     census.rows.size(), prefix_codes(census.spec), census.spec.digits,
                     census.spec.hex ? "hexadecimal" : "octal", census.spec.upto,
                     census.spec.seconds > 0 ? fmt::format(" within {} s", census.spec.seconds) : "",
                     count_of(census, CensusStatus::trivial), count_of(census, CensusStatus::solved),
                     count_of(census, CensusStatus::arithmetic), count_of(census, CensusStatus::unsolved),
                     class_count(census), census.seconds,
                     census.ranks > 1 ? fmt::format("{} ranks of ", census.ranks) : "", census.threads,
                     census.threads == 1 ? "" : "s");
}

Json same_json(const CensusResult& census, std::size_t r) {
  const std::optional<SameAs>& same = census.same[r];
  if (!same) return nullptr;
  return Json{{"code", census.rows[same->first].code},
              {"offset", same->offset},
              {"proven", same->proven},
              {"seen_to", same->seen_to}};
}

}  // namespace

Json census_json(const CensusResult& census) {
  Json json = census_spec_json(census.spec);
  json["threads"] = census.threads;
  json["ranks"] = census.ranks;
  json["seconds"] = census.seconds;
  json["games_total"] = census.rows.size();
  Json counts = Json::object();
  for (const CensusStatus s : kStatuses) counts[heap::status_name(s)] = count_of(census, s);
  json["counts"] = std::move(counts);
  json["classes"] = class_count(census);
  Json games = Json::array();
  for (std::size_t r = 0; r < census.rows.size(); ++r) {
    Json row = census_row_record(census.rows[r]);
    row.erase("zeros");
    row.erase("prefixes");
    row["same_as"] = same_json(census, r);
    games.push_back(std::move(row));
  }
  json["games"] = std::move(games);
  return json;
}

std::string census_text(const CensusResult& census) {
  std::string out = "census of " + summary_line(census) + "\n\n";
  out += fmt::format("{:<12} {:<10} {:>10} {:>8} {:>6} {:>10} {:>8} {:>9} {:>8} {:>10}  {}\n", "code", "status",
                     "pre-period", "period", "saltus", "checked to", "largest", "rare mask", "rare", "last rare",
                     "same as");
  for (std::size_t r = 0; r < census.rows.size(); ++r) {
    const CensusRow& row = census.rows[r];
    const bool periodic = row.period.has_value();
    out += fmt::format("{:<12} {:<10} {:>10} {:>8} {:>6} {:>10} {:>8} {:>9} {:>8} {:>10}  {}\n", row.code,
                       heap::status_name(row.status), periodic ? std::to_string(row.period->preperiod) : "-",
                       periodic ? std::to_string(row.period->period) : "-",
                       periodic ? std::to_string(row.period->saltus) : "-", row.checked_upto, row.largest,
                       mask_text(row), row.rare_mask ? std::to_string(row.rare_count) : "-",
                       optional_text(row.last_rare), same_text(census, r));
  }
  return out;
}

std::string census_markdown(const CensusResult& census) {
  std::string out = "# Census of " + std::string(census.spec.hex ? "hexadecimal" : "octal") + " games\n\n" +
                    summary_line(census) + ".\n";
  auto rows_of = [&](CensusStatus status, auto&& line) {
    for (std::size_t r = 0; r < census.rows.size(); ++r) {
      if (census.rows[r].status == status) out += line(census.rows[r], r);
    }
  };
  out += "\n## Trivial games\n\nA period proven from g(0..1000).\n\n";
  out += "| game | pre-period | period | values | same as |\n| :--- | ---: | ---: | :--- | :--- |\n";
  rows_of(CensusStatus::trivial, [&](const CensusRow& row, std::size_t r) {
    return fmt::format("| {} | {} | {} | {} | {} |\n", row.code, row.period->preperiod, row.period->period,
                       row.values, same_text(census, r));
  });
  out += "\n## Solved games\n\nA period proven from a longer table, re-checked by the plain method past it.\n\n";
  out += "| game | pre-period | period | largest at | largest | rare mask | rare | last rare | re-checked to | same as "
         "|\n| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :--- |\n";
  rows_of(CensusStatus::solved, [&](const CensusRow& row, std::size_t r) {
    return fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", row.code, row.period->preperiod,
                       row.period->period, row.largest_at, row.largest, mask_text(row),
                       row.rare_mask ? std::to_string(row.rare_count) : "-", optional_text(row.last_rare),
                       row.rechecked_to, same_text(census, r));
  });
  out += "\n## Arithmetic-periodic games\n\ng(n + period) = g(n) + saltus from the pre-period on, proven.\n\n";
  out += "| game | pre-period | period | saltus | same as |\n| :--- | ---: | ---: | ---: | :--- |\n";
  rows_of(CensusStatus::arithmetic, [&](const CensusRow& row, std::size_t r) {
    return fmt::format("| {} | {} | {} | {} | {} |\n", row.code, row.period->preperiod, row.period->period,
                       row.period->saltus, same_text(census, r));
  });
  out += "\n## Unsolved games\n\nNo period proven up to the heap given.\n\n";
  out += "| game | checked to | largest at | largest | rare mask | rare | last rare | same as |\n"
         "| :--- | ---: | ---: | ---: | ---: | ---: | ---: | :--- |\n";
  rows_of(CensusStatus::unsolved, [&](const CensusRow& row, std::size_t r) {
    return fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} |\n", row.code, row.checked_upto, row.largest_at,
                       row.largest, mask_text(row), row.rare_mask ? std::to_string(row.rare_count) : "-",
                       optional_text(row.last_rare), same_text(census, r));
  });
  out += "\n## Classes of equivalent games\n\nEach class with more than one game: its first game, then the others "
         "with the shift k of their values (g(n) = g_first(n - k)); \"seen to N\" where the equality is checked up "
         "to heap N only.\n\n| first game | status | equivalent games |\n| :--- | :--- | :--- |\n";
  std::vector<std::vector<std::size_t>> members(census.rows.size());
  for (std::size_t r = 0; r < census.rows.size(); ++r) {
    if (census.same[r]) members[census.same[r]->first].push_back(r);
  }
  for (std::size_t r = 0; r < census.rows.size(); ++r) {
    if (members[r].empty()) continue;
    std::string list;
    for (const std::size_t m : members[r]) {
      const SameAs& same = *census.same[m];
      list += fmt::format("{}{} {}{}", list.empty() ? "" : ", ", census.rows[m].code, offset_text(same.offset),
                          same.proven ? "" : fmt::format(" (seen to {})", same.seen_to));
    }
    out += fmt::format("| {} | {} | {} |\n", census.rows[r].code, heap::status_name(census.rows[r].status), list);
  }
  return out;
}

std::string census_csv(const CensusResult& census) {
  std::string out =
      "code,status,preperiod,period,saltus,checked_upto,rechecked_to,largest,largest_at,rare_mask,rare_heap_parity,"
      "rare_count,last_rare,seconds,same_as,offset,proven,seen_to\n";
  for (std::size_t r = 0; r < census.rows.size(); ++r) {
    const CensusRow& row = census.rows[r];
    const bool periodic = row.period.has_value();
    const std::optional<SameAs>& same = census.same[r];
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{:.3f},{},{},{},{}\n", row.code, heap::status_name(row.status),
                       periodic ? std::to_string(row.period->preperiod) : "",
                       periodic ? std::to_string(row.period->period) : "",
                       periodic ? std::to_string(row.period->saltus) : "", row.checked_upto, row.rechecked_to,
                       row.largest, row.largest_at, row.rare_mask ? fmt::format("{:x}", *row.rare_mask) : "",
                       row.rare_heap_parity ? "true" : "false", row.rare_mask ? std::to_string(row.rare_count) : "",
                       row.last_rare ? std::to_string(*row.last_rare) : "", row.seconds,
                       same ? census.rows[same->first].code : "", same ? std::to_string(same->offset) : "",
                       same ? (same->proven ? "true" : "false") : "", same ? std::to_string(same->seen_to) : "");
  }
  return out;
}

}  // namespace grundy::catalogue

#include "grundy/plot/table_plot.hpp"

#include <fmt/format.h>

#include "grundy/heap/table_stats.hpp"

namespace grundy::plot {

namespace {

std::string title_of(const catalogue::TableResult& table) {
  std::string title = table.game;
  const auto& extra = table.extra;
  if (extra.contains("code") && extra["code"].is_string()) {
    const std::string code = extra["code"].get<std::string>();
    // An octal game is named by its code alone ("0.07"); a named game shows its code too.
    const bool numeric = !code.empty() && code[0] >= '0' && code[0] <= '9';
    if (code != table.game) {
      title = table.game + " (code " + code + ")";
    } else if (numeric) {
      title = "octal game " + code;
    }
  }
  if (extra.contains("set") && extra["set"].is_array()) {
    std::string set;
    for (const auto& member : extra["set"]) set += (set.empty() ? "" : ",") + member.dump();
    title += " {" + set + "}";
  }
  return title;
}

// The table's rare/common split, when its stats report one.
std::optional<heap::RareSplit> rare_split(const catalogue::TableResult& table) {
  if (!table.extra.contains("stats")) return std::nullopt;
  const auto& stats = table.extra["stats"];
  if (!stats.contains("rare_mask") || !stats["rare_mask"].is_number_unsigned()) return std::nullopt;
  heap::RareSplit split;
  split.mask = stats["rare_mask"].get<std::uint32_t>();
  split.heap_parity = stats.value("rare_heap_parity", false);
  split.rare_parity = stats.value("rare_parity", 0u);
  return split;
}

}  // namespace

PlotData table_plot(const catalogue::TableResult& table) {
  PlotData data;
  data.title = title_of(table);
  data.values.reserve(table.upto + 1);
  for (std::uint64_t n = 0; n <= table.upto; ++n) data.values.push_back(table.at(n));
  data.period = table.period;
  data.preperiod = table.preperiod;
  if (const auto split = rare_split(table)) {
    data.rare = [rare = *split](std::uint64_t n, Nimber value) {
      return heap::is_rare(rare, static_cast<std::uint32_t>(value), n);
    };
  }
  return data;
}

}  // namespace grundy::plot

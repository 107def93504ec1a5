// g(n) against n as an SVG scatter plot, as heap-game tables are drawn in the
// research literature: one point per n, rare values set apart in another colour
// and marker, the pre-period marked by a vertical line and each period after it
// shaded in turn, axes with ticks and labels. Points are thinned per pixel: two
// values landing on the same pixel (same class) are drawn once, so a plot of
// 10^6 values stays a small file (at most one point per pixel of the plot area).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy::plot {

/// What a plot shows.
struct PlotData {
  std::string title;                    // "kayles (octal 0.77)"
  std::vector<Nimber> values;           // g(0..N); at least one value
  std::optional<std::uint64_t> period;  // proven period, with its pre-period
  std::optional<std::uint64_t> preperiod;
  std::function<bool(std::uint64_t n, Nimber value)> rare;  // empty: no value is set apart
};

/// The plot's size in pixels.
struct PlotSize {
  int width = 960;
  int height = 540;
};

/// The plot as a standalone SVG document.
std::string svg_plot(const PlotData& data, PlotSize size = {});

/// Round tick positions covering [0, max]: steps of 1, 2 or 5 times a power of ten,
/// about `count` of them (always 0 and at least one more when max > 0).
std::vector<std::uint64_t> ticks(std::uint64_t max, int count);

}  // namespace grundy::plot

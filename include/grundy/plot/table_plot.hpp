// A heap table as a plot: the values of `grundy table`, its proven period, and
// its rare values (the table's stats: g(n) is rare under the sparse-space split
// of heap/table_stats.hpp), so `grundy plot` and the web API draw the same thing.
#pragma once

#include "grundy/catalogue/table_result.hpp"
#include "grundy/plot/svg_plot.hpp"

namespace grundy::plot {

/// The plot of g(0..upto) of `table`, titled with its game.
PlotData table_plot(const catalogue::TableResult& table);

}  // namespace grundy::plot

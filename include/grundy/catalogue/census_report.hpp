// A finished census as the command line shows it: JSON (docs/cli.md), text,
// markdown like the published tables (a table per status, then the classes of
// equivalent games) and CSV for spreadsheets.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grundy/catalogue/report.hpp"
#include "grundy/heap/census.hpp"
#include "grundy/heap/census_classes.hpp"

namespace grundy::catalogue {

struct CensusResult {
  heap::CensusSpec spec;
  std::vector<heap::CensusRow> rows;                // census order
  std::vector<std::optional<heap::SameAs>> same;    // heap::census_classes(rows)
  unsigned threads = 1;  // threads of each rank
  unsigned ranks = 1;    // processes of an MPI job (grundy-mpi)
  double seconds = 0;  // wall-clock seconds of this run
};

Json census_json(const CensusResult& census);
std::string census_text(const CensusResult& census);
std::string census_markdown(const CensusResult& census);
std::string census_csv(const CensusResult& census);

}  // namespace grundy::catalogue

// The entries of the catalogue, one function per game file (private to src/catalogue).
#pragma once

#include <vector>

#include "grundy/catalogue/entry.hpp"

namespace grundy::catalogue {

const Entry& nim_entry();
const Entry& subtraction_entry();
const Entry& passnim_entry();
const Entry& divide_entry();
/// octal, then the named heap games (kayles, dawsons-kayles, ...).
std::vector<const Entry*> heap_entries();
const Entry& treblecross_entry();
const Entry& rect_entry();
const Entry& gridsplit_entry();
const Entry& dag_entry();
const Entry& graph_entry();
const Entry& wythoff_entry();
const Entry& fibonacci_nim_entry();
const Entry& take_away_entry();
const Entry& mem_entry();

}  // namespace grundy::catalogue

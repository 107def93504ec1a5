// The entries of the catalogue, one function per game file (private to src/catalogue).
#pragma once

#include <vector>

#include "grundy/catalogue/entry.hpp"
#include "grundy/heap/rules.hpp"

namespace grundy::catalogue {

const Entry& nim_entry();
const Entry& subtraction_entry();
const Entry& passnim_entry();
const Entry& divide_entry();
/// octal, then the named heap games (kayles, dawsons-kayles, ...), then splittles.
std::vector<const Entry*> heap_entries();
/// A heap game's instance for any rules (octal, hexadecimal or generalized code)
/// with the heap games' rule options (--upto, --method, ...) read from `values`;
/// `fields` are added to every report's and table's game fields.
std::unique_ptr<Instance> make_heap_game_instance(const GameInfo& info, const heap::HeapRules& rules,
                                                  const RuleValues& values, const Context& context, const Json& fields);
const Entry& treblecross_entry();
const Entry& rect_entry();
const Entry& gridsplit_entry();
const Entry& dag_entry();
const Entry& graph_entry();
const Entry& wythoff_entry();
const Entry& fibonacci_nim_entry();
const Entry& take_away_entry();
const Entry& mem_entry();
const Entry& turning_entry();

}  // namespace grundy::catalogue

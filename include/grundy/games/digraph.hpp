// A directed graph read from text, for the pebble games on graphs (dag.hpp, the
// acyclic nimbers; loopy.hpp, the generalized Sprague-Grundy function). The text
// has `FROM TO` lines; the graph is held in compressed sparse row form, names
// interned as views into the file's own bytes, so 10^6 vertices and 10^7 edges
// parse in linear time with one pass over the bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/memory_budget.hpp"

namespace grundy::games {

namespace detail {
/// The name -> vertex index of a graph: open addressing with 32-byte slots that
/// hold the full hash and (up to 16 bytes) the name itself, so a lookup of a
/// known name touches one cache line and never the far-away text; the parser
/// prefetches the slots of a batch of names before it resolves them in order.
class NameIndex {
 public:
  static constexpr std::uint32_t kAbsent = 0xFFFFFFFFU;
  static std::uint64_t hash(std::string_view name);
  /// Where the probe for `hash` starts (for prefetching).
  [[nodiscard]] const void* home(std::uint64_t hash) const {
    return slots_.empty() ? nullptr : slots_.data() + (hash & mask_);
  }
  /// The vertex named `name` (with the given hash), or kAbsent.
  [[nodiscard]] std::uint32_t find(std::string_view name, std::uint64_t hash,
                                   const std::vector<std::string_view>& names) const;
  /// The vertex named `name`, inserting it as `next` when absent.
  std::uint32_t find_or_insert(std::string_view name, std::uint64_t hash, std::uint32_t next,
                               const std::vector<std::string_view>& names);
  [[nodiscard]] std::uint64_t bytes() const { return slots_.size() * sizeof(Slot); }

 private:
  struct Slot {
    std::uint64_t hash;
    std::uint32_t id;  // kAbsent when the slot is empty
    std::uint32_t length;
    char key[16];  // the name itself when it is at most 16 bytes long
  };
  [[nodiscard]] static bool matches(const Slot& slot, std::string_view name, std::uint64_t hash,
                                    const std::vector<std::string_view>& names);
  void grow();
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
};
}  // namespace detail

/// A directed graph with named vertices, numbered 0.. in order of first mention.
/// Move-only: the names are views into the graph's own copy of the text.
class Digraph {
 public:
  using Vertex = std::uint32_t;

  Digraph() = default;
  Digraph(Digraph&&) noexcept = default;
  Digraph& operator=(Digraph&&) noexcept = default;
  Digraph(const Digraph&) = delete;
  Digraph& operator=(const Digraph&) = delete;

  /// Parses graph text: one edge `FROM TO` per line (names are runs of
  /// non-blank characters, valid UTF-8), a line with one name declares a vertex,
  /// `#` starts a comment to the end of the line, blank lines are ignored.
  /// `source` names the text in errors. Throws InputError naming the line (3+
  /// fields, bad UTF-8, too many vertices) or BudgetExceeded.
  static Digraph parse(std::vector<char> text, std::string_view source, const MemoryBudget& budget = {});

  /// Reads and parses a file; throws InputError when it cannot be read.
  static Digraph read_file(const std::string& path, const MemoryBudget& budget = {});

  [[nodiscard]] std::size_t vertex_count() const { return names_.size(); }
  [[nodiscard]] std::size_t edge_count() const { return targets_.size(); }
  /// The heads of v's edges, in file order (parallel edges repeat).
  [[nodiscard]] std::span<const Vertex> successors(Vertex v) const {
    return {targets_.data() + offsets_[v], targets_.data() + offsets_[v + 1]};
  }
  [[nodiscard]] std::string_view name(Vertex v) const { return names_[v]; }
  /// The vertex with this name, if any.
  [[nodiscard]] std::optional<Vertex> find(std::string_view name) const {
    const Vertex v = index_.find(name, detail::NameIndex::hash(name), names_);
    if (v == detail::NameIndex::kAbsent) return std::nullopt;
    return v;
  }
  /// The largest out-degree (bounds every nimber).
  [[nodiscard]] std::size_t max_out_degree() const;

 private:
  std::vector<char> text_;  // the names point into it; moving a vector keeps its buffer
  std::vector<std::string_view> names_;
  detail::NameIndex index_;
  std::vector<std::size_t> offsets_;  // successors of v: targets_[offsets_[v] .. offsets_[v + 1])
  std::vector<Vertex> targets_;
};

/// The vertices named by `names` (pebbles, repeats allowed), in order; throws
/// InputError "pebble 2: unknown vertex 'zz' (not in SOURCE)" for a name that
/// is not a vertex of `graph`, read from `source`.
std::vector<Digraph::Vertex> find_pebbles(const Digraph& graph, std::span<const std::string> names,
                                          std::string_view source);

}  // namespace grundy::games

// Reading a graph file: the whole file in one buffer, one pass over its bytes,
// names interned as string_views into the buffer (no per-name allocation), edges
// gathered as pairs and then laid out as CSR with one counting pass.
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>

#include <sys/stat.h>

#include <boost/container_hash/hash.hpp>

#include "common/utf8.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/games/digraph.hpp"

namespace grundy::games {

namespace {

using grundy::detail::valid_utf8;  // names go into JSON

enum class ByteClass : std::uint8_t { kName, kBlank, kNewline, kComment };

constexpr std::array<ByteClass, 256> make_byte_classes() {
  std::array<ByteClass, 256> classes{};
  for (auto& c : classes) c = ByteClass::kName;
  for (unsigned char c : {' ', '\t', '\r', '\v', '\f'}) classes[c] = ByteClass::kBlank;
  classes['\n'] = ByteClass::kNewline;
  classes['#'] = ByteClass::kComment;
  return classes;
}

constexpr std::array<ByteClass, 256> kByteClass = make_byte_classes();

std::string where(std::string_view source, std::size_t line) {
  return std::string(source) + " line " + std::to_string(line);
}

// One line's names, gathered a batch at a time so their slots can be prefetched.
struct LineNames {
  std::size_t line;
  std::uint8_t count;
  std::array<bool, 2> high;  // a byte >= 0x80: the name needs a UTF-8 check
  std::array<std::string_view, 2> names;
  std::array<std::uint64_t, 2> hashes;
};

constexpr std::size_t kBatchLines = 64;

}  // namespace

namespace detail {

std::uint64_t NameIndex::hash(std::string_view name) {
  // Finalise with a 64-bit mixer (murmur3 fmix64): linear probing uses the low
  // bits, and names like "1", "2", ... must not land in neighbouring slots.
  std::uint64_t h = boost::hash<std::string_view>{}(name);
  h ^= h >> 33U;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33U;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33U;
  return h;
}

bool NameIndex::matches(const Slot& slot, std::string_view name, std::uint64_t hash,
                        const std::vector<std::string_view>& names) {
  if (slot.hash != hash || slot.length != name.size()) return false;
  if (name.size() <= sizeof(slot.key)) return std::memcmp(slot.key, name.data(), name.size()) == 0;
  return names[slot.id] == name;
}

std::uint32_t NameIndex::find(std::string_view name, std::uint64_t hash,
                              const std::vector<std::string_view>& names) const {
  if (slots_.empty()) return kAbsent;
  for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
    const Slot& slot = slots_[i];
    if (slot.id == kAbsent) return kAbsent;
    if (matches(slot, name, hash, names)) return slot.id;
  }
}

std::uint32_t NameIndex::find_or_insert(std::string_view name, std::uint64_t hash, std::uint32_t next,
                                        const std::vector<std::string_view>& names) {
  if (2 * (size_ + 1) > slots_.size()) grow();  // load factor at most 1/2
  for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
    Slot& slot = slots_[i];
    if (slot.id == kAbsent) {
      slot.hash = hash;
      slot.id = next;
      slot.length = static_cast<std::uint32_t>(std::min<std::size_t>(name.size(), 0xFFFFFFFFU));
      if (name.size() <= sizeof(slot.key)) std::memcpy(slot.key, name.data(), name.size());
      ++size_;
      return next;
    }
    if (matches(slot, name, hash, names)) return slot.id;
  }
}

void NameIndex::grow() {
  std::vector<Slot> old = std::move(slots_);
  const std::size_t capacity = old.empty() ? 1024 : 2 * old.size();
  slots_.assign(capacity, Slot{0, kAbsent, 0, {}});
  mask_ = capacity - 1;
  for (const Slot& slot : old) {
    if (slot.id == kAbsent) continue;
    std::size_t i = slot.hash & mask_;
    while (slots_[i].id != kAbsent) i = (i + 1) & mask_;
    slots_[i] = slot;
  }
}

}  // namespace detail

Digraph Digraph::parse(std::vector<char> text, std::string_view source, const MemoryBudget& budget) {
  Digraph graph;
  graph.text_ = std::move(text);
  const char* const begin = graph.text_.data();
  const char* const end = begin + graph.text_.size();
  std::vector<std::pair<Vertex, Vertex>> edges;
  // Roughly one edge per 16 bytes: reserving avoids most regrowth.
  const std::size_t guess = graph.text_.size() / 16 + 16;
  budget.require(graph.text_.size() + guess * sizeof(edges[0]), "reading the graph");
  edges.reserve(guess);

  auto intern = [&](std::string_view name, std::uint64_t hash, std::size_t line, bool high) -> Vertex {
    const auto next = static_cast<Vertex>(graph.names_.size());
    if (next >= 1024 && (next & (next - 1)) == 0) {  // the index doubles about now
      budget.require(graph.text_.size() + edges.capacity() * sizeof(edges[0]) + 3 * graph.index_.bytes() +
                         2 * next * sizeof(std::string_view),
                     "the graph's name index");
    }
    const Vertex v = graph.index_.find_or_insert(name, hash, next, graph.names_);
    if (v == next) {
      if (next == detail::NameIndex::kAbsent - 1) {
        throw InputError(where(source, line) + ": too many vertices (at most 4294967294)");
      }
      if (high && !valid_utf8(name)) {
        throw InputError(where(source, line) + ": the vertex name is not valid UTF-8");
      }
      graph.names_.push_back(name);
    }
    return v;
  };

  std::size_t line = 1;
  const char* p = begin;
  std::array<LineNames, kBatchLines> batch;
  std::string error;  // a malformed line ends the batch; earlier lines are still checked first
  while (p < end && error.empty()) {
    std::size_t lines = 0;
    while (p < end && lines < kBatchLines && error.empty()) {
      LineNames& current = batch[lines];
      current.line = line;
      current.count = 0;
      current.high = {false, false};
      // One line: collect up to two names; a third field is an error.
      while (p < end) {
        const ByteClass k = kByteClass[static_cast<unsigned char>(*p)];
        if (k == ByteClass::kBlank) {
          ++p;
        } else if (k == ByteClass::kName) {
          const char* start = p;
          unsigned char bits = 0;
          while (p < end && kByteClass[static_cast<unsigned char>(*p)] == ByteClass::kName) {
            bits |= static_cast<unsigned char>(*p);
            ++p;
          }
          if (current.count == 2) {
            error = where(source, line) + ": expected 'FROM TO' or one vertex name, found a third field '" +
                    std::string(start, std::min<std::size_t>(static_cast<std::size_t>(p - start), 40)) + "'";
            break;
          }
          current.high[current.count] = (bits & 0x80U) != 0;
          current.names[current.count++] = std::string_view(start, static_cast<std::size_t>(p - start));
        } else if (k == ByteClass::kComment) {
          const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
          p = nl == nullptr ? end : static_cast<const char*>(nl);
        } else {
          break;  // newline
        }
      }
      if (error.empty()) {
        if (current.count > 0) ++lines;
        if (p < end) ++p;  // past the newline
        ++line;
      }
    }
    // Hash and prefetch the whole batch, then resolve the names in file order.
    for (std::size_t i = 0; i < lines; ++i) {
      for (std::size_t f = 0; f < batch[i].count; ++f) {
        batch[i].hashes[f] = detail::NameIndex::hash(batch[i].names[f]);
        __builtin_prefetch(graph.index_.home(batch[i].hashes[f]));
      }
    }
    for (std::size_t i = 0; i < lines; ++i) {
      const LineNames& current = batch[i];
      const Vertex from = intern(current.names[0], current.hashes[0], current.line, current.high[0]);
      if (current.count == 2) {
        const Vertex to = intern(current.names[1], current.hashes[1], current.line, current.high[1]);
        if (edges.size() == edges.capacity()) {
          budget.require(graph.text_.size() + 3 * edges.capacity() * sizeof(edges[0]), "reading the graph");
        }
        edges.emplace_back(from, to);
      }
    }
  }
  if (!error.empty()) throw InputError(error);

  // CSR: count out-degrees, prefix sums, then scatter the heads in file order.
  const std::size_t n = graph.names_.size();
  budget.require(graph.text_.size() + edges.size() * (sizeof(edges[0]) + sizeof(Vertex)) +
                     (n + 1) * (sizeof(std::size_t) + sizeof(std::string_view)) + graph.index_.bytes(),
                 "the graph's adjacency arrays");
  graph.offsets_.assign(n + 1, 0);
  for (const auto& e : edges) ++graph.offsets_[e.first + 1];
  for (std::size_t v = 0; v < n; ++v) graph.offsets_[v + 1] += graph.offsets_[v];
  graph.targets_.resize(edges.size());
  std::vector<std::size_t> cursor(graph.offsets_.begin(), graph.offsets_.end() - 1);
  for (const auto& e : edges) graph.targets_[cursor[e.first]++] = e.second;
  return graph;
}

Digraph Digraph::read_file(const std::string& path, const MemoryBudget& budget) {
  const auto fail = [&path](int error) {
    return InputError("cannot read graph file '" + path + "': " + std::strerror(error));
  };
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) throw fail(errno);
  struct stat info {};
  if (::fstat(::fileno(file.get()), &info) != 0) throw fail(errno);
  if (S_ISDIR(info.st_mode)) throw fail(EISDIR);
  std::vector<char> text;
  // Regular files: one read of the known size; pipes: grow as needed.
  if (S_ISREG(info.st_mode) && info.st_size > 0) {
    budget.require(static_cast<std::uint64_t>(info.st_size), "reading the graph");
    text.reserve(static_cast<std::size_t>(info.st_size));
  }
  std::array<char, 1 << 16> chunk{};
  std::size_t got = 0;
  if (text.capacity() > 0) {
    text.resize(text.capacity());
    got = std::fread(text.data(), 1, text.size(), file.get());
    text.resize(got);
  }
  while ((got = std::fread(chunk.data(), 1, chunk.size(), file.get())) > 0) {
    if (text.size() + got > text.capacity()) budget.require(2 * (text.size() + got), "reading the graph");
    text.insert(text.end(), chunk.data(), chunk.data() + got);
  }
  if (std::ferror(file.get())) throw fail(errno != 0 ? errno : EIO);
  return parse(std::move(text), path, budget);
}

std::size_t Digraph::max_out_degree() const {
  std::size_t most = 0;
  for (std::size_t v = 0; v + 1 < offsets_.size(); ++v) most = std::max(most, offsets_[v + 1] - offsets_[v]);
  return most;
}

std::vector<Digraph::Vertex> find_pebbles(const Digraph& graph, std::span<const std::string> names,
                                          std::string_view source) {
  std::vector<Digraph::Vertex> pebbles;
  pebbles.reserve(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto vertex = graph.find(names[i]);
    if (!vertex) {
      throw InputError("pebble " + std::to_string(i + 1) + ": unknown vertex '" + names[i] + "' (not in " +
                       std::string(source) + ")");
    }
    pebbles.push_back(*vertex);
  }
  return pebbles;
}

}  // namespace grundy::games

// Heap tables on disk: a small checked binary format (for checkpoints, resumes
// and sharing long runs) and a text export. Binary, all integers little-endian:
//   offset  0  8 bytes  magic "GRUNDYHT"
//           8  u32      format version (1)
//          12  u32      bytes per value (2 or 4)
//          16  u64      count: values stored, g(0..count-1)
//          24  u64      checksum: FNV-1a 64 of every byte of the file except these 8
//          32  u32      flags (bit 0: splits must be unequal, Grundy's game)
//          36  u32      number of code digits D, then D bytes: digit i of the code
//              u32      name length L, then L bytes: the game's name (UTF-8)
//              values   count values of 2 or 4 bytes each
// Files are written to FILE.tmp and renamed over FILE, so a kill at any moment
// leaves either the old file or the new one, never a torn one.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/heap/table.hpp"

namespace grundy::heap {

/// Saves the table atomically. Throws Error when the file cannot be written.
void save_table(const HeapTable& table, const std::string& path);

/// Loads a table saved by save_table, or the text export of write_text. Throws InputError on a missing, truncated,
/// corrupt or foreign file.
HeapTable load_table(const std::string& path);

/// Parses the bytes of a table file; `source` names them in errors (a path).
/// Throws InputError on truncated, corrupt or foreign bytes.
HeapTable load_table_from_bytes(std::vector<char> bytes, std::string_view source);

/// Writes "n g(n)" lines (the OEIS b-file layout) after '#' comment lines
/// naming the game, the count and the period when one is proven.
void write_text(const HeapTable& table, std::ostream& out);

/// FNV-1a 64 of a byte range, continuing from `hash`.
std::uint64_t fnv1a64(const void* data, std::size_t size, std::uint64_t hash = 0xcbf29ce484222325ULL);

}  // namespace grundy::heap

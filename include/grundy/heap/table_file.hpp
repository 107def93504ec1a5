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
#include <functional>
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

/// Saves g(0..count-1) of a game with 16-bit values, read in order in chunks
/// through `read(begin, count, out)`, atomically in the format above, without
/// holding the table (a streamed run's checkpoint or output). Throws Error.
void save_table_stream(const HeapRules& rules, std::uint64_t count,
                       const std::function<void(std::uint64_t, std::uint64_t, std::uint16_t*)>& read,
                       const std::string& path);

/// The bytes per value of a binary table file (2 or 4), or 0 for anything else (a text export, a missing file).
unsigned table_file_width(const std::string& path);

/// Reads a binary table file of 16-bit values in order without loading it whole:
/// `take(values, count)` receives chunks of g(0..), at most `limit` values in all.
/// Returns the file's rules and sets `count` to the values it holds. Throws
/// InputError on a bad, corrupt (checksum, checked once the file was read) or
/// 32-bit file.
HeapRules read_table_stream(const std::string& path, std::uint64_t limit,
                            const std::function<void(const std::uint16_t*, std::uint64_t)>& take,
                            std::uint64_t& count);

/// FNV-1a 64 of a byte range, continuing from `hash`.
std::uint64_t fnv1a64(const void* data, std::size_t size, std::uint64_t hash = 0xcbf29ce484222325ULL);

}  // namespace grundy::heap

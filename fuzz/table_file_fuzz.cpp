// Fuzzes the binary heap table format. Each input is read as given and, when
// its checksum is wrong, again with the checksum field set to the right value,
// so the fuzzer also reaches the fields checked after the checksum. A loaded
// table must name a valid game and survive period detection.
#include <cstring>

#include "fuzz_check.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/table_file.hpp"

using namespace grundy::heap;

namespace {

constexpr std::size_t kChecksumOffset = 24;  // see table_file.hpp

void load(std::vector<char> bytes) {
  auto table = grundy::fuzz::parsed([&] { return load_table_from_bytes(std::move(bytes), "fuzz.table"); });
  if (!table) return;
  const HeapRules& rules = table->rules();
  if (!rules.unequal_split()) {
    // The digits must be ones a code can spell: the same game comes back.
    GRUNDY_FUZZ_CHECK(same_game(parse_heap_rules(format_code(rules)), rules));
  }
  table->detect_period();
  for (std::uint64_t n = 0; n < table->size(); ++n) GRUNDY_FUZZ_CHECK(table->value(n) == table->at(n));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<char> bytes = grundy::fuzz::as_bytes(data, size);
  load(bytes);
  if (bytes.size() < kChecksumOffset + 8) return 0;
  std::uint64_t hash = fnv1a64(bytes.data(), kChecksumOffset);
  hash = fnv1a64(bytes.data() + kChecksumOffset + 8, bytes.size() - kChecksumOffset - 8, hash);
  // A file whose checksum was right already was read in full above; a period
  // proof can take a second, so it is not read twice.
  if (std::memcmp(bytes.data() + kChecksumOffset, &hash, sizeof hash) == 0) return 0;
  std::memcpy(bytes.data() + kChecksumOffset, &hash, sizeof hash);
  load(std::move(bytes));
  return 0;
}

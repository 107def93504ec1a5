// Inputs libFuzzer found (scripts/fuzz.sh), each kept verbatim with the clean
// refusal its parser now gives (see docs/fuzzing.md).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/core/memory_budget.hpp"
#include "grundy/heap/table_file.hpp"

namespace grundy {
namespace {

// memory_budget_fuzz: ".414" was accepted as a budget of 0 bytes.
TEST(FuzzRegressions, MemoryBudgetUnderOneByteIsRefused) {
  EXPECT_THROW(MemoryBudget::parse(".414"), InputError);
  EXPECT_THROW(MemoryBudget::parse("0.5"), InputError);
  EXPECT_THROW(MemoryBudget::parse("1e-300G"), InputError);
  EXPECT_EQ(MemoryBudget::parse("1").bytes(), 1U);
  EXPECT_EQ(MemoryBudget::parse("0.5K").bytes(), 512U);
}

// table_file_fuzz: a table file whose code digit before the point is 6 (remove
// nothing, leave one heap: a heap could move to itself) was loaded. The fuzz
// target had set its checksum field right; so does this test.
TEST(FuzzRegressions, TableFileWithSelfMoveDigitIsRefused) {
  const unsigned char input[] = {
      0x47, 0x52, 0x55, 0x4e, 0x44, 0x59, 0x48, 0x54, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x15, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0xac, 0xa6, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x01, 0x00, 0x00, 0x00, 0x06, 0x0c, 0x00, 0x00, 0x00, 0x67, 0x72, 0x75, 0x6e, 0x64, 0x79, 0x73, 0x2d, 0x67,
      0x61, 0x6d, 0x65, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01, 0x00, 0x00,
      0x00, 0x02, 0x00, 0x01, 0x00, 0x00, 0x54, 0x01, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
      0x00, 0x02, 0x00, 0x04, 0x00, 0x03, 0x00, 0x00, 0x00};
  std::vector<char> bytes(reinterpret_cast<const char*>(input), reinterpret_cast<const char*>(input) + sizeof input);
  std::uint64_t hash = heap::fnv1a64(bytes.data(), 24);
  hash = heap::fnv1a64(bytes.data() + 32, bytes.size() - 32, hash);
  std::memcpy(bytes.data() + 24, &hash, sizeof hash);
  try {
    (void)heap::load_table_from_bytes(bytes, "found.table");
    FAIL() << "the table was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("the digit before the point may only split"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace grundy

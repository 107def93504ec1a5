#include "grundy/games/nim.hpp"

#include <gtest/gtest.h>

#include "support/conformance.hpp"
#include "support/run_cli.hpp"

namespace grundy {
namespace {

TEST(Nim, Conformance) {
  std::vector<std::uint64_t> piles;
  for (std::uint64_t n = 0; n <= 9; ++n) piles.push_back(n);
  testing::expect_conformance(games::Nim{}, piles);
}

TEST(NimCli, ThreeFourFive) {
  const auto r = testing::run_cli({"--json", "nim", "3", "4", "5"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\"value\":2"), std::string::npos);
  EXPECT_NE(r.out.find("\"winner\":\"first\""), std::string::npos);
}

TEST(NimCli, BadPilesExitTwoWithOneLine) {
  for (const auto& bad : std::vector<std::string>{"-1", "x", "9223372036854775808", "1e3", ""}) {
    const auto r = testing::run_cli({"nim", "1", bad});
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

TEST(NimCli, HugePileWinningMove) {
  const auto r = testing::run_cli({"--json", "nim", "9223372036854775807", "1"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\"to\":[1]"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace grundy

// Error messages quote what was typed, whole and printable: a pile with a
// doubled mark, an option number past any limit, a negative set element, a
// typed move holding a NUL byte.
#include <gtest/gtest.h>

#include <string>

#include "support/run_cli.hpp"

namespace grundy::testing {
namespace {

TEST(QuotedInputCli, APileIsQuotedWhole) {
  expect_error(run_cli({"passnim", "5**"}), "pile 1: '5**' is not a pile");
  expect_error(run_cli({"passnim", "3", "12:used:used"}), "pile 2: '12:used:used' is not a pile");
  expect_error(run_cli({"nim", "4", "7\x01"}), "pile 2: '7\\x01' is not a whole number");
}

TEST(QuotedInputCli, ASetElementBelowOneSaysOne) {
  expect_error(run_cli({"subtraction", "--set", "1,-2", "5"}),
               "--set: '-2' is negative, expected a whole number from 1 to 1000000000");
  expect_error(run_cli({"subtraction", "--set", "0,3", "5"}),
               "--set: '0' is under 1, expected a whole number from 1 to 1000000000");
}

TEST(QuotedInputCli, NumbersOfAMoveAreShownAsTyped) {
  const CliResult r = run_cli({"play", "nim", "--first", "3", "5"},
                              "1:999999999999999999999\n999999999999999999999:1\n00000000000000000000002:1\nquit\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("component 1 (3) has no option 999999999999999999999: it has 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no component 999999999999999999999: the position has 2"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("18446744073709551615"), std::string::npos) << r.out;
  // Leading zeros do not make a small number large: component 2, option 1 is played.
  EXPECT_EQ(r.out.find("no component 0"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("no component 2"), std::string::npos) << r.out;
}

TEST(QuotedInputCli, ATypedNulByteIsShownNotCutAt) {
  static constexpr char kTyped[] = "ba\0na\n3 -> \0\nquit\n";
  const CliResult r = run_cli({"play", "nim", "--first", "3"}, std::string(kTyped, sizeof kTyped - 1));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("'ba\\x00na' is not a move here"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no move takes 3 to '\\x00'"), std::string::npos) << r.out;
  // The messages hold no NUL byte (the echo of the typed line after the prompt may).
  for (const char* message : {"is not a move here", "no move takes"}) {
    const std::size_t at = r.out.find(message);
    ASSERT_NE(at, std::string::npos);
    const std::size_t line = r.out.rfind('\n', at) + 1;
    EXPECT_EQ(r.out.substr(line, r.out.find('\n', at) - line).find('\0'), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace grundy::testing

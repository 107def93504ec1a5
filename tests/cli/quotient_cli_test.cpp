// `grundy quotient`: the misère quotient through the command line: the JSON
// fields of Nim restricted to heaps 1..3 (the tame quotient T2 = <a, b | a^2 = 1,
// b^3 = b>, P-portion {a, b^2}), the text form, and one-line refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "support/run_cli.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using testing::run_cli;

TEST(QuotientCli, JsonOfNimUpToThree) {
  const auto r = run_cli({"--json", "quotient", "octal", "0.333", "--upto", "3"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json q = json::parse(r.out);
  EXPECT_EQ(q["game"], "0.333");
  EXPECT_EQ(q["code"], "0.333");
  EXPECT_EQ(q["upto"], 3);
  EXPECT_EQ(q["order"], 6);
  EXPECT_EQ(q["generators"], json::parse(R"([{"name": "a", "heap": 1}, {"name": "b", "heap": 2}])"));
  EXPECT_EQ(q["relations"], json::parse(R"(["a^2 = 1", "b^3 = b"])"));
  ASSERT_EQ(q["p_portion"].size(), 2U);
  std::vector<std::string> p_words;
  for (const auto& x : q["p_portion"]) p_words.push_back(q["elements"][x.get<std::size_t>()]);
  EXPECT_EQ(p_words, (std::vector<std::string>{"a", "b^2"}));
  EXPECT_EQ(q["heaps"].size(), 4U);
  EXPECT_EQ(q["elements"][q["heaps"][3].get<std::size_t>()], "ab");
  EXPECT_EQ(q["table"].size(), 6U);
}

TEST(QuotientCli, TextNamesGeneratorsRelationsAndPPortion) {
  const auto r = run_cli({"quotient", "grundys-game", "--upto", "8"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("order: "), std::string::npos);
  EXPECT_NE(r.out.find("generators: a (heap 3)"), std::string::npos);
  EXPECT_NE(r.out.find("P-portion"), std::string::npos);
}

TEST(QuotientCli, RefusalsAreOneLine) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"quotient", "kayles", "--upto", "40", "--max-order", "16"},
        std::vector<std::string>{"quotient", "octal", "0.75", "--upto", "0"},
        std::vector<std::string>{"quotient", "octal", "0.75", "--upto", "5000"},
        std::vector<std::string>{"quotient", "octal", "0.8x", "--upto", "5"}}) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args[1];
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("grundy: error: ", 0), 0U) << r.err;
  }
}

}  // namespace
}  // namespace grundy

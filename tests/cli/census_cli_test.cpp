// `grundy census` through the command line: the JSON contract, the formats, the
// row file (a census killed mid-way and resumed writes the same file as one
// run), and one-line refusals of bad options and of resume files that are not
// of the census.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "support/run_cli.hpp"
#include "support/scratch.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using testing::expect_error;
using testing::run_cli;
using testing::run_json;
using testing::run_shell;
using testing::Scratch;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The rows of a census file without their timings (the only field two runs may differ in).
std::vector<json> untimed_rows(const std::string& path) {
  std::vector<json> rows;
  std::istringstream in(read_file(path));
  for (std::string line; std::getline(in, line);) {
    json row = json::parse(line);
    row.erase("seconds");
    rows.push_back(std::move(row));
  }
  return rows;
}

TEST(CensusCli, JsonOfTheOneDigitCensus) {
  const json census = run_json({"census", "--digits", "1", "--upto", "2048", "--time", "0", "--threads", "2"});
  EXPECT_EQ(census["digits"], 1);
  EXPECT_EQ(census["first"], json::parse(R"(["0", "4"])"));
  EXPECT_EQ(census["hex"], false);
  EXPECT_EQ(census["upto"], 2048);
  EXPECT_EQ(census["games_total"], 15);
  ASSERT_EQ(census["games"].size(), 15U);
  const json& counts = census["counts"];
  EXPECT_EQ(counts["trivial"].get<int>() + counts["solved"].get<int>() + counts["arithmetic"].get<int>() +
                counts["unsolved"].get<int>(),
            15);
  EXPECT_EQ(counts["unsolved"], 1);  // 0.6
  const json& first = census["games"][0];
  EXPECT_EQ(first["code"], "0.1");
  EXPECT_EQ(first["status"], "trivial");
  EXPECT_EQ(first["period"], 1);
  EXPECT_EQ(first["preperiod"], 2);
  EXPECT_EQ(first["values"], "01(0)");
  EXPECT_EQ(first["same_as"], nullptr);
  for (const char* field : {"saltus", "checked_upto", "rechecked_to", "largest", "largest_at", "rare_mask",
                            "rare_heap_parity", "rare_count", "last_rare", "seconds"}) {
    EXPECT_TRUE(first.contains(field)) << field;
  }
  // 0.6 is unsolved; 4.0 is 0.2 (both 0(01)), 0.3 is 0.2 with one zero less ((01)), 4.5 is 4.1.
  for (const json& game : census["games"]) {
    if (game["code"] == "0.6") {
      EXPECT_EQ(game["status"], "unsolved");
      EXPECT_EQ(game["period"], nullptr);
      EXPECT_EQ(game["checked_upto"], 2048);
    }
    if (game["code"] == "4.0") {
      EXPECT_EQ(game["same_as"]["code"], "0.2");
      EXPECT_EQ(game["same_as"]["offset"], 0);
      EXPECT_EQ(game["same_as"]["proven"], true);
    }
    if (game["code"] == "0.3") {
      EXPECT_EQ(game["same_as"]["code"], "0.2");
      EXPECT_EQ(game["same_as"]["offset"], -1);
    }
    if (game["code"] == "4.5") {
      EXPECT_EQ(game["same_as"]["code"], "4.1");
    }
  }
}

TEST(CensusCli, FormatsNameEveryGame) {
  for (const char* format : {"text", "markdown", "csv"}) {
    const auto r = run_cli({"census", "--digits", "1", "--upto", "1024", "--time", "0", "--format", format});
    ASSERT_EQ(r.status, 0) << r.err;
    for (const char* code : {"0.1", "0.7", "4.0", "4.7"}) EXPECT_NE(r.out.find(code), std::string::npos) << format;
  }
  const auto md = run_cli({"census", "--digits", "1", "--upto", "1024", "--time", "0", "--format", "markdown"});
  EXPECT_NE(md.out.find("## Trivial games"), std::string::npos);
  EXPECT_NE(md.out.find("## Unsolved games"), std::string::npos);
  EXPECT_NE(md.out.find("## Classes of equivalent games"), std::string::npos);
  const auto csv = run_cli({"census", "--digits", "1", "--upto", "1024", "--time", "0", "--format", "csv"});
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 16);
}

TEST(CensusCli, KilledAndResumedWritesTheFileOfOneRun) {
  const Scratch scratch;
  const std::string whole = scratch.path("whole.jsonl");
  const std::string resumed = scratch.path("resumed.jsonl");
  const std::string upto = std::to_string(testing::sized(16384, 2048));
  const std::vector<std::string> census = {"census", "--digits", "2", "--upto", upto, "--time", "0"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = census;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  const auto one = run_cli(with({"--output", whole, "--threads", "2", "--format", "csv"}));
  ASSERT_EQ(one.status, 0) << one.err;
  // Killed (SIGKILL) once a few rows are written, then resumed.
  std::string command = std::string(GRUNDY_CLI_PATH) + " -q";
  for (const std::string& a : with({"--output", resumed, "--threads", "1"})) command += " " + a;
  const auto killed = run_shell(command + " >/dev/null & pid=$!; for i in $(seq 1 3000); do "
                                          "[ $(wc -l < " + resumed + " 2>/dev/null || echo 0) -ge 20 ] && break; "
                                          "sleep 0.01; done; kill -9 $pid; wait $pid; wc -l < " + resumed,
                                "/");
  const int lines_then = std::stoi(killed.out);
  EXPECT_GE(lines_then, 20);
  EXPECT_LT(lines_then, 128) << "the census finished before it was killed";
  const auto again = run_cli(with({"--resume", resumed, "--threads", "3", "--format", "csv"}));
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(untimed_rows(resumed), untimed_rows(whole));
  EXPECT_EQ(untimed_rows(whole).size(), 128U);  // the header and 127 games
  // The printed census, timings aside, is the same too.
  auto untimed_csv = [](const std::string& text) {
    std::string out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      std::vector<std::string> fields;
      std::string field;
      std::istringstream cells(line);
      while (std::getline(cells, field, ',')) fields.push_back(field);
      fields.erase(fields.begin() + 13);  // seconds
      for (const auto& f : fields) out += f + ",";
      out += "\n";
    }
    return out;
  };
  EXPECT_EQ(untimed_csv(again.out), untimed_csv(one.out));
}

TEST(CensusCli, ResumeKeepsFinishedRowsAndDropsATornLastLine) {
  const Scratch scratch;
  const std::string path = scratch.path("torn.jsonl");
  ASSERT_EQ(run_cli({"census", "--digits", "1", "--upto", "1024", "--time", "0", "--output", path}).status, 0);
  std::string text = read_file(path);
  const std::size_t cut = text.rfind('\n', text.size() - 2);
  text = text.substr(0, cut + 1) + text.substr(cut + 1, 30);  // the last row half written
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  const json census = run_json({"census", "--digits", "1", "--upto", "1024", "--time", "0", "--resume", path});
  EXPECT_EQ(census["games"].size(), 15U);
  EXPECT_EQ(untimed_rows(path).size(), 16U);
}

TEST(CensusCli, RefusalsAreOneLine) {
  expect_error(run_cli({"census", "--digits", "0"}), "--digits");
  expect_error(run_cli({"census", "--digits", "9"}), "--digits");
  expect_error(run_cli({"census", "--first", "5"}), "--first");
  expect_error(run_cli({"census", "--first", "8"}), "--first");
  expect_error(run_cli({"census", "--upto", "-1"}), "--upto");
  expect_error(run_cli({"census", "--time", "-3"}), "--time");
  expect_error(run_cli({"census", "--threads", "0"}), "--threads");
  expect_error(run_cli({"census", "--format", "pdf"}), "--format");
  expect_error(run_cli({"--json", "census", "--format", "csv"}), "--json");

  const Scratch scratch;
  const std::string other = scratch.path("other.jsonl");
  ASSERT_EQ(run_cli({"census", "--digits", "1", "--upto", "1024", "--time", "0", "--output", other}).status, 0);
  expect_error(run_cli({"census", "--digits", "2", "--upto", "1024", "--time", "0", "--resume", other}),
               "a census of other options");
  expect_error(run_cli({"census", "--digits", "1", "--upto", "1024", "--time", "0", "--output", other}),
               "the file exists");
  const std::string corrupt = scratch.path("corrupt.jsonl");
  std::string text = read_file(other);
  text.insert(text.find('\n') + 1, "{\"code\": \"0.1\"}\n");
  std::ofstream(corrupt, std::ios::binary) << text;
  expect_error(run_cli({"census", "--digits", "1", "--upto", "1024", "--time", "0", "--resume", corrupt}),
               "corrupt");
  const std::string garbage = scratch.path("garbage.jsonl");
  std::ofstream(garbage, std::ios::binary) << "not a census\n";
  expect_error(run_cli({"census", "--digits", "1", "--resume", garbage}), "--resume");
  expect_error(run_cli({"census", "--digits", "1", "--resume", scratch.path("missing.jsonl")}), "--resume");
}

}  // namespace
}  // namespace grundy

// The heap game and heap table commands, run as the real binary.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "grundy/heap/codes.hpp"
#include "grundy/heap/table.hpp"
#include "grundy/heap/table_file.hpp"
#include "support/run_cli.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using testing::run_cli;

std::string temp_file(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("grundy-heap-cli-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

void expect_one_line_error(const testing::CliResult& r, const std::string& what) {
  EXPECT_EQ(r.status, 2) << what << ": " << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << what << ": " << r.err;
  EXPECT_TRUE(r.out.empty()) << what;
}

TEST(HeapCli, ArithmeticPeriodReportsItsSaltus) {
  const auto table = run_cli({"--json", "table", "octal", "0.8", "--upto", "100", "--no-cache", "--summary"});
  ASSERT_EQ(table.status, 0) << table.err;
  const json t = json::parse(table.out);
  EXPECT_EQ(t["period"], 3);
  EXPECT_EQ(t["preperiod"], 1);
  EXPECT_EQ(t["saltus"], 1);
  const auto text = run_cli({"table", "octal", "0.8", "--upto", "100", "--no-cache", "--summary"});
  EXPECT_NE(text.out.find("arithmetic-periodic from n0 = 1 with period 3 and saltus 1 (proven)"), std::string::npos)
      << text.out;
  // Heaps far beyond the table: g(n) = (n - 1) / 3, the same for 10^18 and 10^18 + 1.
  const auto heap = run_cli({"--json", "octal", "0.8", "1000000000000000000", "1000000000000000001", "--no-cache"});
  ASSERT_EQ(heap.status, 0) << heap.err;
  const json h = json::parse(heap.out);
  EXPECT_EQ(h["saltus"], 1);
  EXPECT_EQ(h["components"][0], 333333333333333333ULL);
  EXPECT_EQ(h["components"][1], 333333333333333333ULL);
  // Its winning moves are three-heap splits, too many to try: the answer says so and still gives the winner.
  const auto huge = run_cli({"--json", "octal", "0.8", "1000000000000000000", "--no-cache", "--max-moves", "3"});
  ASSERT_EQ(huge.status, 0) << huge.err;
  const json u = json::parse(huge.out);
  EXPECT_EQ(u["winner"], "first");
  EXPECT_EQ(u["winning_moves_complete"], false);
  EXPECT_TRUE(u["winning_moves_count"].is_null());
  const auto kayles = run_cli({"--json", "table", "kayles", "--upto", "200", "--no-cache", "--summary"});
  ASSERT_EQ(kayles.status, 0) << kayles.err;
  EXPECT_EQ(json::parse(kayles.out)["saltus"], 0);
}

TEST(HeapCli, SaltusThreeIsProvenAndAnswersHugeHeaps) {
  // 0.3f: g(n) = n mod 3 + 3 (n div 6), saltus 3 (no power of two: proven by the automata).
  const auto table = run_cli({"--json", "table", "octal", "0.3f", "--upto", "300", "--no-cache", "--summary"});
  ASSERT_EQ(table.status, 0) << table.err;
  const json t = json::parse(table.out);
  EXPECT_EQ(t["period"], 6);
  EXPECT_EQ(t["preperiod"], 0);
  EXPECT_EQ(t["saltus"], 3);
  EXPECT_EQ(t["period_status"], "proven");
  EXPECT_TRUE(t["observed_period"].is_null());
  // Two equal heaps (nim-sum 0: no winning move to list), far beyond the table.
  for (const auto& [heap, value] : {std::pair{"1000000000000", 1 + 3 * 166666666666ULL},
                                    std::pair{"1000000000001", 2 + 3 * 166666666666ULL}}) {
    const auto r = run_cli({"--json", "octal", "0.3f", heap, heap, "--no-cache"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["components"][0], value) << heap;
  }
}

// The codes with an arithmetic period whose huge heaps were once refused: a heap
// of 10^12 answered with its value and winner, both checked against a plain
// table that confirms the period independently, and every listed winning move
// checked by the same values.
TEST(HeapCli, HugeHeapsOfArithmeticPeriodsAreAnswered) {
  const std::uint64_t n = 1'000'000'000'000;
  // Under the sanitizers (each code several seconds there) two codes: saltus 1 and 3.
  const std::vector<const char*> codes = testing::kSanitized
                                             ? std::vector<const char*>{"0.8", "0.3f"}
                                             : std::vector<const char*>{"0.8", "0.3f", "0.bc", "0.8f", "0.a9", "0.0b", "0.fa", "0.08"};
  for (const char* code : codes) {
    SCOPED_TRACE(code);
    const auto r =
        run_cli({"--json", "--memory", "256M", "octal", code, std::to_string(n), "--no-cache", "--max-moves", "20"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = json::parse(r.out);
    const std::uint64_t p = j["period"];
    const std::uint64_t n0 = j["preperiod"];
    const std::uint64_t s = j["saltus"];
    ASSERT_GT(s, 0U);
    heap::HeapTable plain(heap::parse_heap_rules(code));
    heap::ExtendOptions options;
    options.method = heap::KernelMethod::plain;
    heap::extend_table(plain, 600, options);
    ASSERT_LT(n0 + 2 * p, 600U);
    for (std::uint64_t h = n0; h + p <= 600; ++h) ASSERT_EQ(plain.at(h + p), plain.at(h) + s) << "h=" << h;
    const auto g = [&](std::uint64_t h) -> std::uint64_t {
      return h < n0 + p ? plain.at(h) : plain.at(n0 + (h - n0) % p) + s * ((h - n0) / p);
    };
    EXPECT_EQ(j["components"][0], g(n));
    EXPECT_EQ(j["value"], g(n));
    EXPECT_EQ(j["winner"], g(n) != 0 ? "first" : "second");
    for (const json& move : j["winning_moves"]) {
      std::uint64_t tokens = move["take"];
      std::uint64_t left = 0;
      for (const std::uint64_t h : move["to"]) {
        tokens += h;
        left ^= g(h);
      }
      EXPECT_EQ(tokens, n) << move.dump();
      EXPECT_EQ(left, 0U) << move.dump();
      EXPECT_FALSE(move.contains("step")) << move.dump();  // a saltus makes every winning split its own move
    }
    if (j["winning_moves_complete"] == true) {
      EXPECT_EQ(j["winning_moves_count"].get<std::uint64_t>() >= j["winning_moves"].size(), true);
    } else {
      EXPECT_TRUE(j["winning_moves_count"].is_null());
      EXPECT_GE(j["winning_moves_found"].get<std::uint64_t>(), j["winning_moves"].size());
    }
  }
  // --max-moves 0 and a heap of 10^9: the value and the winner, no refusal.
  const json none = testing::run_json({"octal", "0.8", "1000000000", "--no-cache", "--max-moves", "0"});
  EXPECT_EQ(none["value"], 999'999'999 / 3);
  EXPECT_EQ(none["winner"], "first");
  EXPECT_TRUE(none["winning_moves"].empty());
  const auto text = run_cli({"octal", "0.8", "1000000000000", "--no-cache", "--max-moves", "2"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("the first player wins"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("winning moves: not all found"), std::string::npos) << text.out;
}

TEST(HeapCli, ArithmeticPatternWithoutProofIsReportedAsSeen) {
  // 0.bfb's values 154..400 grow by one per token, but not for ever: the pattern
  // breaks at n = 429 (g = 153), so no proof holds and the pattern is only reported as seen.
  const auto table = run_cli({"--json", "table", "octal", "0.bfb", "--upto", "400", "--no-cache", "--summary"});
  ASSERT_EQ(table.status, 0) << table.err;
  const json t = json::parse(table.out);
  EXPECT_TRUE(t["period"].is_null());
  EXPECT_EQ(t["period_status"], "none up to upto");
  EXPECT_EQ(t["observed_period"], (json{{"period", 1}, {"preperiod", 154}, {"saltus", 1}}));
  const auto text = run_cli({"table", "octal", "0.bfb", "--upto", "400", "--no-cache", "--summary"});
  EXPECT_NE(text.out.find("arithmetic-periodic pattern from n0 = 154 with period 1 and saltus 1 seen to n = 400 (not "
                          "proven"),
            std::string::npos)
      << text.out;
  const auto further = run_cli({"--json", "table", "octal", "0.bfb", "--upto", "430", "--no-cache"});
  ASSERT_EQ(further.status, 0) << further.err;
  const json values = json::parse(further.out)["values"];
  EXPECT_EQ(values[428], 428);
  EXPECT_EQ(values[429], 153);
  // Proven periods, and tables without a pattern, report none seen.
  for (const char* code : {"0.8", "0.77", "0.007"}) {
    const auto other = run_cli({"--json", "table", "octal", code, "--upto", "600", "--no-cache", "--summary"});
    ASSERT_EQ(other.status, 0) << other.err;
    EXPECT_TRUE(json::parse(other.out)["observed_period"].is_null()) << code;
  }
}

TEST(HeapCli, KaylesWinningMovesJson) {
  const auto r = run_cli({"--json", "kayles", "5", "8"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["game"], "kayles");
  EXPECT_EQ(j["components"], json::array({4, 1}));
  EXPECT_EQ(j["value"], 5);
  EXPECT_EQ(j["winner"], "first");
  ASSERT_EQ(j["winning_moves"].size(), 1U);
  const json& m = j["winning_moves"][0];
  EXPECT_EQ(m["component"], 0);
  EXPECT_EQ(m["take"], 1);
  EXPECT_EQ(m["from"], 5);
  EXPECT_EQ(m["to"], json::array({4}));
  EXPECT_EQ(j["period"], 12);
  EXPECT_EQ(j["preperiod"], 71);
}

TEST(HeapCli, OctalCodeAndSecondPlayerWin) {
  const auto r = run_cli({"--json", "octal", "0.07", "3", "3"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["winner"], "second");
  EXPECT_TRUE(j["winning_moves"].empty());
  EXPECT_EQ(j["code"], "0.07");
}

TEST(HeapCli, HugeHeapWithProvenPeriod) {
  const auto r = run_cli({"--json", "dawsons-kayles", "9223372036854775806"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_FALSE(j["winning_moves"].empty());
  bool family = false;
  for (const json& m : j["winning_moves"]) {
    if (m.contains("step")) {
      family = true;
      EXPECT_EQ(m["step"], 34);
      EXPECT_EQ(m["last"].size(), 2U);
    }
  }
  EXPECT_TRUE(family);
}

TEST(HeapCli, GrundysGameSplitMoves) {
  const auto r = run_cli({"--json", "grundys-game", "7"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["value"], 0);
  const auto r2 = run_cli({"grundys-game", "8"});
  ASSERT_EQ(r2.status, 0);
  EXPECT_NE(r2.out.find("split the heap of 8"), std::string::npos) << r2.out;
}

TEST(HeapCli, TableKaylesMatchesPublishedTermsAndPeriod) {
  const auto r = run_cli({"--json", "table", "kayles", "--upto", "200"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["game"], "kayles");
  EXPECT_EQ(j["upto"], 200);
  ASSERT_EQ(j["values"].size(), 201U);
  const std::vector<int> first{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7};
  for (std::size_t i = 0; i < first.size(); ++i) EXPECT_EQ(j["values"][i], first[i]);
  EXPECT_EQ(j["period"], 12);
  EXPECT_EQ(j["preperiod"], 71);
  EXPECT_EQ(j["stats"]["largest"], 8);
  EXPECT_EQ(j["stats"]["largest_at"], 27);
}

TEST(HeapCli, TableOctalTreblecrossAliasAndNoPeriod) {
  const auto r = run_cli({"--json", "table", "octal", "treblecross", "--upto", "300", "--summary"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["code"], "0.007");
  EXPECT_TRUE(j["period"].is_null());
  EXPECT_TRUE(j["preperiod"].is_null());
  EXPECT_EQ(j["upto"], 300);
  const auto text = run_cli({"table", "octal", "0.007", "--upto", "300", "--summary"});
  EXPECT_NE(text.out.find("no period up to 300"), std::string::npos) << text.out;
}

TEST(HeapCli, TableUntilPeriodStopsEarly) {
  const auto r = run_cli({"--json", "table", "kayles", "--upto", "1000000", "--until-period", "--summary"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["period"], 12);
  EXPECT_EQ(j["preperiod"], 71);
  EXPECT_EQ(j["upto"], 1023);
}

TEST(HeapCli, TableGrundysGameIsNeverPeriodic) {
  const auto r = run_cli({"--json", "table", "grundys-game", "--upto", "500"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_TRUE(j["period"].is_null());
  EXPECT_EQ(j["values"][13], 3);
}

TEST(HeapCli, OutputFilesTextAndBinary) {
  const std::string bin = temp_file("out.ght");
  const std::string txt = temp_file("out.txt");
  ASSERT_EQ(run_cli({"table", "octal", "0.137", "--upto", "300", "--output", bin, "--summary"}).status, 0);
  ASSERT_EQ(
      run_cli({"table", "octal", "0.137", "--upto", "300", "--output", txt, "--format", "text", "--summary"}).status,
      0);
  const heap::HeapTable t = heap::load_table(bin);
  EXPECT_EQ(t.size(), 301U);
  std::ifstream in(txt);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("# periodic from n0 = 52 with period 34 (proven)"), std::string::npos);
  EXPECT_NE(text.find("\n300 " + std::to_string(t.at(300)) + "\n"), std::string::npos);
  std::filesystem::remove(bin);
  std::filesystem::remove(txt);
}

// A table longer than one written piece (about a mebibyte): the JSON report, the
// text rows and the text export all hold every value, in order, once.
TEST(HeapCli, LongTablesPrintEveryValueOnce) {
  const std::uint64_t last = testing::sized(700000, 400000);  // either way over a mebibyte of JSON
  const std::string upto = std::to_string(last);
  const std::string bin = temp_file("long.ght");
  ASSERT_EQ(run_cli({"table", "octal", "0.167", "--upto", upto, "--output", bin, "--summary", "--no-cache"}).status, 0);
  const heap::HeapTable t = heap::load_table(bin);
  std::filesystem::remove(bin);
  ASSERT_EQ(t.size(), last + 1);

  const auto report = run_cli({"--json", "table", "octal", "0.167", "--upto", upto, "--no-cache"});
  ASSERT_EQ(report.status, 0);
  ASSERT_GT(report.out.size(), std::size_t{1} << 20);
  const json parsed = json::parse(report.out);
  const auto& values = parsed["values"];
  ASSERT_EQ(values.size(), t.size());
  for (std::uint64_t n = 0; n < t.size(); ++n) ASSERT_EQ(values[n].get<std::uint64_t>(), t.at(n)) << n;
  EXPECT_TRUE(parsed["period"].is_null());

  // Rows of ten: "n: g(n) ... g(n + 9)".
  const auto rows = run_cli({"table", "octal", "0.167", "--upto", upto, "--no-cache"});
  ASSERT_EQ(rows.status, 0);
  std::istringstream lines(rows.out);
  std::string line;
  std::getline(lines, line);  // the title
  std::uint64_t next = 0;
  while (next < t.size() && std::getline(lines, line)) {
    std::istringstream row(line);
    std::uint64_t first = 0;
    char colon = 0;
    ASSERT_TRUE(row >> first >> colon) << line;
    ASSERT_EQ(first, next);
    for (std::uint64_t value = 0; row >> value; ++next) ASSERT_EQ(value, t.at(next)) << next;
  }
  EXPECT_EQ(next, t.size());

  const auto exported =
      run_cli({"table", "octal", "0.167", "--upto", upto, "--output", "-", "--format", "text", "--no-cache"});
  ASSERT_EQ(exported.status, 0);
  for (const std::uint64_t n : {last, last / 2 + 1}) {
    EXPECT_NE(exported.out.find("\n" + std::to_string(n) + " " + std::to_string(t.at(n)) + "\n"), std::string::npos);
  }
}

TEST(HeapCli, BadInputsExitTwoWithOneLine) {
  const std::string corrupt = temp_file("corrupt.ght");
  std::ofstream(corrupt) << "GRUNDYHT garbage";
  const std::string kayles_file = temp_file("kayles.ght");
  ASSERT_EQ(run_cli({"table", "kayles", "--upto", "50", "--output", kayles_file, "--summary"}).status, 0);
  const std::vector<std::vector<std::string>> bad{
      {"octal", "0.8#", "3"},
      {"octal", "1.07", "3"},
      {"octal", "77", "3"},
      {"kayles", "-1"},
      {"kayles", "x"},
      {"kayles", "9223372036854775808"},
      {"grundys-game", "200001"},
      {"grundys-game", "5000", "--upto", "100"},
      {"table", "octal", "0.{3", "--upto", "10"},
      {"table", "kayles", "--upto", "-5"},
      {"table", "kayles", "--upto", "10", "--resume", corrupt},
      {"table", "kayles", "--upto", "10", "--resume", temp_file("missing.ght")},
      {"table", "octal", "0.07", "--upto", "10", "--resume", kayles_file},
      {"table", "kayles", "--upto", "10", "--checkpoint-every", "-1"},
      {"table", "kayles", "--upto", "10", "--format", "xml"},
      {"table", "kayles", "--upto", "10", "--method", "magic"},
      {"--memory", "1K", "table", "kayles", "--upto", "100000"},
  };
  for (const auto& args : bad) {
    std::string what;
    for (const auto& a : args) what += a + " ";
    expect_one_line_error(run_cli(args), what);
  }
  std::filesystem::remove(corrupt);
  std::filesystem::remove(kayles_file);
}

// Starts the binary, sends SIGINT once its first checkpoint exists, and checks
// that it saved and stopped; then resumes and compares with a single run.
TEST(HeapCli, SigintSavesCheckpointAndResumeMatchesSingleRun) {
  const std::string checkpoint = temp_file("sigint.ght");
  const std::string err_path = temp_file("sigint.err");
  std::filesystem::remove(checkpoint);
  const pid_t pid = fork();
  if (pid == 0) {
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(err, 2);
    execl(GRUNDY_CLI_PATH, GRUNDY_CLI_PATH, "table", "octal", "0.007", "--upto", "50000000", "--method", "plain",
          "--threads", "1", "--checkpoint", checkpoint.c_str(), "--checkpoint-every", "0.2", "--summary",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!std::filesystem::exists(checkpoint) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_TRUE(std::filesystem::exists(checkpoint));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  kill(pid, SIGINT);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  std::ifstream err_in(err_path);
  const std::string err((std::istreambuf_iterator<char>(err_in)), std::istreambuf_iterator<char>());
  EXPECT_NE(err.find("checkpoint saved to"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;

  const heap::HeapTable saved = heap::load_table(checkpoint);
  ASSERT_GT(saved.size(), 10U);
  const std::string upto = std::to_string(saved.size() + 500);
  const auto resumed = run_cli({"--json", "table", "octal", "0.007", "--upto", upto, "--resume", checkpoint});
  const auto single = run_cli({"--json", "table", "octal", "0.007", "--upto", upto});
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  ASSERT_EQ(single.status, 0) << single.err;
  EXPECT_EQ(json::parse(resumed.out)["values"], json::parse(single.out)["values"]);
  std::filesystem::remove(checkpoint);
  std::filesystem::remove(err_path);
}

// The output without its timings: the "parallel" field, or the summary's "parallel: ..." line.
std::string without_timings(const std::string& out, bool as_json) {
  if (as_json) {
    json j = json::parse(out);
    EXPECT_TRUE(j.contains("parallel"));
    j.erase("parallel");
    return j.dump();
  }
  std::istringstream lines(out);
  std::string kept;
  int timing_lines = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("parallel: ")) {
      ++timing_lines;
    } else {
      kept += line + "\n";
    }
  }
  EXPECT_EQ(timing_lines, 1) << out;
  return kept;
}

TEST(HeapCli, ReportDoesNotDependOnHowTheTableWasComputed) {
  // The sparse space reported is decided from the values alone: a fresh run on
  // one or two threads, and runs resumed from a shorter table (a checkpoint, an
  // --output file) on one or two threads, print the same report, but for timings.
  const std::string part = temp_file("report-part.ght");
  ASSERT_EQ(run_cli({"table", "grundys-game", "--upto", "20000", "--summary", "--output", part}).status, 0);
  // Under the sanitizers the JSON report alone (it holds what the text says).
  for (const bool as_json : testing::kSanitized ? std::vector<bool>{true} : std::vector<bool>{false, true}) {
    SCOPED_TRACE(as_json ? "json" : "text");
    std::vector<std::string> base;
    if (as_json) base.emplace_back("--json");
    for (const char* word : {"table", "grundys-game", "--upto", "150000", "--summary"}) base.emplace_back(word);
    const auto with = [&base](std::vector<std::string> more) {
      std::vector<std::string> args = base;
      args.insert(args.end(), more.begin(), more.end());
      return run_cli(args);
    };
    const auto fresh = with({"--threads", "1"});
    ASSERT_EQ(fresh.status, 0) << fresh.err;
    const std::string expected = without_timings(fresh.out, as_json);
    for (const auto& more : {std::vector<std::string>{"--threads", "2"},
                             std::vector<std::string>{"--threads", "1", "--resume", part},
                             std::vector<std::string>{"--threads", "2", "--resume", part}}) {
      const auto other = with(more);
      ASSERT_EQ(other.status, 0) << other.err;
      EXPECT_EQ(without_timings(other.out, as_json), expected) << more.back();
    }
    if (as_json) {
      // Flammenkamp's sparse space of Grundy's game: mask 254, rare values to n = 82860.
      const json stats = json::parse(fresh.out)["stats"];
      EXPECT_EQ(stats["rare_mask"], 254);
      EXPECT_EQ(stats["rare_parity"], 0);
      EXPECT_EQ(stats["rare_heap_parity"], false);
      EXPECT_EQ(stats["last_rare"], 82860);
      EXPECT_EQ(json::parse(fresh.out)["rare_mask_source"], "kernel");
      const json parallel = json::parse(fresh.out)["parallel"];
      EXPECT_EQ(parallel["threads"], 1);
      EXPECT_EQ(parallel["ranks"], 1);
      EXPECT_GE(parallel["wall_seconds"].get<double>(), parallel["serial_seconds"].get<double>());
      // One thread: the serial time has no parts (alone or waiting among several workers).
      EXPECT_EQ(parallel["alone_seconds"], 0.0);
      EXPECT_EQ(parallel["waiting_seconds"], 0.0);
    }
  }
  std::filesystem::remove(part);
}

TEST(HeapCli, SummaryInBoundedMemoryEqualsTheFullTable) {
  // --summary computes 0.167 and Grundy's game in bounded memory; the full run keeps the table.
  for (const std::vector<std::string>& game : {std::vector<std::string>{"octal", "0.167"},
                                              std::vector<std::string>{"grundys-game"},
                                              std::vector<std::string>{"kayles"}}) {
    std::vector<std::string> args{"--json", "table"};
    args.insert(args.end(), game.begin(), game.end());
    args.insert(args.end(), {"--upto", "30000"});
    const auto full = run_cli(args);
    const std::string file = temp_file("bounded.ght");
    args.insert(args.end(), {"--summary", "--bounded-memory", "--output", file});
    const auto bounded = run_cli(args);
    ASSERT_EQ(full.status, 0) << full.err;
    ASSERT_EQ(bounded.status, 0) << bounded.err;
    const json a = json::parse(full.out);
    const json b = json::parse(bounded.out);
    EXPECT_EQ(b["memory"], "bounded");
    for (const char* field : {"upto", "period", "preperiod", "stats", "rare_mask_source", "period_status"}) {
      EXPECT_EQ(a[field], b[field]) << game.back() << " " << field;
    }
    const heap::HeapTable written = heap::load_table(file);
    ASSERT_EQ(written.size(), 30001U);
    for (std::uint64_t n = 0; n < written.size(); ++n) ASSERT_EQ(written.at(n), a["values"][n].get<unsigned>()) << n;
    // Resumed in bounded memory from that file: the same as one run.
    std::vector<std::string> more{"--json", "table"};
    more.insert(more.end(), game.begin(), game.end());
    more.insert(more.end(), {"--upto", "40000", "--summary", "--bounded-memory"});
    const auto single = run_cli(more);
    more.insert(more.end(), {"--resume", file});
    const auto resumed = run_cli(more);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    json resumed_json = json::parse(resumed.out);
    json single_json = json::parse(single.out);
    resumed_json.erase("parallel");  // timings
    single_json.erase("parallel");
    EXPECT_EQ(resumed_json, single_json);
    std::filesystem::remove(file);
  }
}

TEST(HeapCli, HelpExplainsCodes) {
  const auto r = run_cli({"octal", "--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("0.77 Kayles"), std::string::npos);
  EXPECT_NE(r.out.find("hexadecimal"), std::string::npos);
}

}  // namespace
}  // namespace grundy

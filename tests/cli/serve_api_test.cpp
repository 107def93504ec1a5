// The web API of `grundy serve`, through the real binary on a free port: every
// answer equals the command line's --json for the same position (one mechanism
// behind both), bad requests get one-line errors with 4xx statuses, the bounds
// hold, 200 requests from 8 concurrent clients agree with the command line, and
// the server still answers afterwards and stops cleanly on Ctrl-C.
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/run_cli.hpp"
#include "support/server_process.hpp"

namespace grundy {
namespace {

using Json = nlohmann::ordered_json;
using testing::run_cli;
using testing::ServerProcess;

std::string data_file_at(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string data_file(const std::string& name) { return data_file_at(std::string(GRUNDY_SOURCE_DIR) + "/" + name); }

/// One request and the command line that must print the same JSON.
struct Case {
  std::string endpoint;
  Json body;
  std::vector<std::string> cli;
};

std::vector<Case> cases() {
  const std::string pebbles = std::string(GRUNDY_SOURCE_DIR) + "/examples/pebbles.txt";
  const std::string board = std::string(GRUNDY_SOURCE_DIR) + "/examples/board.txt";
  return {
      {"solve", {{"game", "nim"}, {"position", {"3", "5", "6"}}}, {"--json", "nim", "3", "5", "6"}},
      {"solve", {{"game", "nim"}, {"position", {7, 7}}}, {"--json", "nim", "7", "7"}},
      {"solve", {{"game", "kayles"}, {"position", {"10", "7"}}}, {"--json", "kayles", "10", "7"}},
      {"solve",
       {{"game", "octal"}, {"rules", {{"code", "0.137"}}}, {"position", {"20", "9"}}},
       {"--json", "octal", "0.137", "20", "9"}},
      {"solve",
       {{"game", "subtraction"}, {"rules", {{"--set", "1,3,4"}}}, {"position", {"10", "11"}}},
       {"--json", "subtraction", "--set", "1,3,4", "10", "11"}},
      {"solve",
       {{"game", "dag"}, {"input", data_file("examples/pebbles.txt")}, {"position", {"b", "d"}}},
       {"--json", "dag", pebbles, "b", "d"}},
      {"solve", {{"game", "rect"}, {"input", data_file("examples/board.txt")}}, {"--json", "rect", board}},
      {"solve", {{"game", "rect"}, {"position", {"0110/0000/0001"}}}, {"--json", "rect", "0110/0000/0001"}},
      {"explain", {{"game", "nim"}, {"position", {"3", "5"}}}, {"--json", "explain", "nim", "3", "5"}},
      {"solve", {{"game", "nim"}, {"position", {"1", "1"}}, {"misere", true}}, {"--json", "nim", "--misere", "1", "1"}},
      {"solve",
       {{"game", "kayles"}, {"position", {"10", "7"}}, {"misere", true}},
       {"--json", "kayles", "--misere", "10", "7"}},
      {"explain",
       {{"game", "nim"}, {"position", {"3", "1"}}, {"misere", true}},
       {"--json", "explain", "nim", "--misere", "3", "1"}},
      {"explain",
       {{"game", "kayles"}, {"position", {"6"}}, {"limit", 3}},
       {"--json", "explain", "kayles", "6", "--limit", "3"}},
      {"table", {{"game", "kayles"}, {"upto", 100}}, {"--json", "table", "kayles", "--upto", "100"}},
      {"table",
       {{"game", "subtraction"}, {"rules", {{"set", "1,2,5"}}}, {"upto", 40}},
       {"--json", "table", "subtraction", "--set", "1,2,5", "--upto", "40"}},
  };
}

/// A solve answer is the report plus "drawing" (the position drawn for people): the report without it.
// The answer without the fields two runs may give differently: the drawing
// (the API's own), a table's parallel report (its timings), rect's memo_positions (threads may both store a position)
// and the misère method (a faster method that ran out of its time share on a
// busy machine leaves the answer to the search: the same answer).
std::string comparable_answer(const std::string& body) {
  Json doc = Json::parse(body, nullptr, false);
  if (!doc.is_object()) return body;
  doc.erase("memo_positions");
  doc.erase("method");
  doc.erase("parallel");  // a table's threads and timings
  if (doc.contains("drawing") && doc["drawing"].is_string()) doc.erase("drawing");
  return doc.dump();
}

std::string cli_json(const std::vector<std::string>& args) {
  const testing::CliResult result = run_cli(args);
  EXPECT_EQ(result.status, 0) << result.err;
  std::string out = result.out;
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

httplib::Client client(const ServerProcess& server) {
  httplib::Client c("127.0.0.1", server.port());
  c.set_read_timeout(60);
  c.set_write_timeout(60);
  return c;
}

struct Answer {
  int status = 0;
  std::string body;
};

Answer post(httplib::Client& c, const std::string& endpoint, const std::string& body) {
  const auto result = c.Post(("/api/" + endpoint).c_str(), body, "application/json");
  if (!result) return {};
  return {result->status, result->body};
}

// A 4xx or 5xx answer is {"error": one line}.
void expect_error(const Answer& answer, int status, const std::string& words) {
  EXPECT_EQ(answer.status, status) << answer.body;
  const Json doc = Json::parse(answer.body, nullptr, false);
  ASSERT_TRUE(doc.is_object() && doc.contains("error")) << answer.body;
  const std::string message = doc["error"].get<std::string>();
  EXPECT_NE(message.find(words), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos);
  EXPECT_EQ(message.find("/tmp"), std::string::npos) << message;
}

class ServeApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new ServerProcess(); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static ServerProcess* server_;
};
ServerProcess* ServeApi::server_ = nullptr;

TEST_F(ServeApi, ListsEveryGameWithItsRuleOptions) {
  auto c = client(*server_);
  const auto result = c.Get("/api/games");
  ASSERT_TRUE(result);
  ASSERT_EQ(result->status, 200);
  const Json doc = Json::parse(result->body);
  std::map<std::string, Json> games;
  for (const Json& game : doc["games"]) games[game["name"].get<std::string>()] = game;
  ASSERT_TRUE(games.contains("kayles") && games.contains("octal") && games.contains("dag"));
  EXPECT_TRUE(games["kayles"]["has_table"].get<bool>());
  EXPECT_EQ(games["kayles"]["table_max_upto"], 1'000'000);
  EXPECT_EQ(games["octal"]["rule_options"][0]["name"], "code");
  EXPECT_TRUE(games["octal"]["rule_options"][0]["required"].get<bool>());
  EXPECT_EQ(games["dag"]["input"], "rule");  // its graph file comes as "input"
  EXPECT_TRUE(games["dag"]["rule_options"].empty());
  EXPECT_EQ(games["rect"]["input"], "position");
  EXPECT_EQ(games["nim"]["input"], "none");
}

TEST_F(ServeApi, AnswersEqualTheCommandLine) {
  auto c = client(*server_);
  for (const Case& item : cases()) {
    const Answer answer = post(c, item.endpoint, item.body.dump());
    EXPECT_EQ(answer.status, 200) << item.body.dump() << " -> " << answer.body;
    const bool drawn = item.endpoint == "solve" || item.endpoint == "explain";
    const std::string body = comparable_answer(answer.body);
    if (drawn) {
      EXPECT_NE(body, answer.body) << "a solve or explain answer carries the drawing";
    }
    const std::string expected = cli_json(item.cli);
    EXPECT_EQ(body, comparable_answer(expected)) << item.body.dump();
  }
}

Json report_of(const Json& answer) {
  Json report = answer["report"];
  EXPECT_TRUE(report.contains("drawing") && report["drawing"].is_string());
  report.erase("drawing");
  return report;
}

TEST_F(ServeApi, MoveByComponentAndOptionFollowsExplain) {
  auto c = client(*server_);
  const Json explained = Json::parse(post(c, "explain", R"({"game":"nim","position":["3","5"]})").body);
  const Json option = explained["explain"][1]["options"][2];
  const Answer answer = post(c, "move", R"({"game":"nim","position":["3","5"],"move":{"component":1,"option":2}})");
  ASSERT_EQ(answer.status, 200) << answer.body;
  const Json doc = Json::parse(answer.body);
  std::vector<std::string> expected{"3"};
  for (const Json& part : option["result"]) expected.push_back(part.get<std::string>());
  EXPECT_EQ(doc["position"].get<std::vector<std::string>>(), expected);
  EXPECT_EQ(doc["move"]["component"], 1);
  EXPECT_EQ(doc["move"]["option"], 2);
  EXPECT_EQ(doc["move"]["move"], option["move"]);
  std::vector<std::string> args{"--json", "nim"};
  args.insert(args.end(), expected.begin(), expected.end());
  EXPECT_EQ(report_of(doc), Json::parse(cli_json(args)));
  EXPECT_FALSE(doc.contains("reply"));
  expect_error(post(c, "move", R"({"game":"nim","position":["3"],"move":{"component":1,"option":0}})"), 400,
               "component");
  expect_error(post(c, "move", R"({"game":"nim","position":["0"],"move":{"component":0,"option":0}})"), 400, "");
}

TEST_F(ServeApi, TypedMovesRepliesAndTheEnginesMove) {
  auto c = client(*server_);
  // "5 -> 2" is the short form of taking 3 from the pile of 5.
  const Answer typed = post(c, "move", R"({"game":"nim","position":["3","5"],"text":"5 -> 2","reply":true})");
  ASSERT_EQ(typed.status, 200) << typed.body;
  const Json doc = Json::parse(typed.body);
  EXPECT_EQ(doc["position"], Json({"3", "2"}));
  EXPECT_EQ(report_of(doc)["value"], 1);
  // The engine answers a won position with a winning move: the nim-sum after it is 0.
  ASSERT_TRUE(doc.contains("reply"));
  EXPECT_EQ(report_of(doc["reply"])["value"], 0);
  EXPECT_EQ(doc["reply"]["position"], Json({"2", "2"}));
  // The engine moving first from a Kayles row of 7 (value 2) leaves value 0.
  const Answer engine = post(c, "move", R"({"game":"kayles","position":["7"],"engine":true})");
  ASSERT_EQ(engine.status, 200) << engine.body;
  const Json moved = Json::parse(engine.body);
  EXPECT_EQ(report_of(moved)["value"], 0);
  EXPECT_TRUE(moved["why"].is_string());
  // No reply after the last move; no engine move from a terminal position; no such typed move.
  const Json last =
      Json::parse(post(c, "move", R"({"game":"nim","position":["4"],"text":"4 -> 0","reply":true})").body);
  EXPECT_TRUE(report_of(last)["winning_moves"].empty());
  EXPECT_FALSE(last.contains("reply"));
  expect_error(post(c, "move", R"({"game":"nim","position":["0"],"engine":true})"), 400, "");
  expect_error(post(c, "move", R"({"game":"nim","position":["3"],"text":"3 -> 7"})"), 400, "");
}

// Under misère play the engine's reply and the reports are the misère ones, as `grundy --json GAME --misere`.
TEST_F(ServeApi, MovesUnderMisere) {
  auto c = client(*server_);
  // Nim 2 1 1 under misère: taking the 2 leaves 1 1, a misère win for the engine; it takes a 1 and leaves
  // the last 1 to the person.
  const Answer answer =
      post(c, "move", R"({"game":"nim","position":["2","1","1"],"text":"2 -> 0","reply":true,"misere":true})");
  ASSERT_EQ(answer.status, 200) << answer.body;
  const Json doc = Json::parse(answer.body);
  EXPECT_EQ(report_of(doc), Json::parse(cli_json({"--json", "nim", "--misere", "1", "1"})));
  EXPECT_EQ(report_of(doc)["play"], "misere");
  ASSERT_TRUE(doc.contains("reply"));
  EXPECT_EQ(doc["reply"]["position"], Json({"1"}));
  EXPECT_EQ(report_of(doc["reply"]), Json::parse(cli_json({"--json", "nim", "--misere", "1"})));
  EXPECT_EQ(report_of(doc["reply"])["outcome"], "second");
  expect_error(post(c, "solve", R"({"game":"nim","position":["1"],"misere":"yes"})"), 400, "misere");
  expect_error(post(c, "solve", R"({"game":"treblecross","position":["....."],"misere":true})"), 400, "misère");
}

TEST_F(ServeApi, RefusesBadRequestsWithOneLine) {
  auto c = client(*server_);
  expect_error(post(c, "solve", "{not json"), 400, "not valid JSON");
  expect_error(post(c, "solve", R"({"game":"no-such-game","position":["1"]})"), 400, "no game");
  expect_error(post(c, "solve", R"({"game":"nim","position":["x"]})"), 400, "");
  expect_error(post(c, "solve", R"({"game":"octal","position":["3"]})"), 400, "code");
  expect_error(post(c, "solve", R"({"game":"nim","rules":{"--bogus":1},"position":["3"]})"), 400, "--bogus");
  expect_error(post(c, "solve", R"({"game":"nim","position":["3"],"max_moves":-1})"), 400, "max_moves");
  expect_error(post(c, "table", R"({"game":"kayles","upto":2000000})"), 400, "upto");
  expect_error(post(c, "frobnicate", "{}"), 404, "no such endpoint");
  // The server's own files and standard input are never read for a request.
  expect_error(post(c, "solve", R"({"game":"rect","position":["/etc/passwd"]})"), 400, "input");
  expect_error(post(c, "solve", R"({"game":"rect","position":["-"]})"), 400, "input");
  expect_error(post(c, "solve", R"({"game":"dag","rules":{"file":"/etc/passwd"},"position":["a"]})"), 400, "input");
  expect_error(post(c, "solve", R"({"game":"dag","input":"a b\nb a\n","position":["a"]})"), 400, "");
}

TEST_F(ServeApi, RefusesOversizedPositionsAndBodies) {
  auto c = client(*server_);
  Json many = {{"game", "nim"}, {"position", Json::array()}};
  for (int i = 0; i < 1001; ++i) many["position"].push_back("1");
  expect_error(post(c, "solve", many.dump()), 400, "at most 1000");
  const Json long_component = {{"game", "nim"}, {"position", {std::string(100'001, '1')}}};
  expect_error(post(c, "solve", long_component.dump()), 400, "characters");
  const Json huge = {{"game", "treblecross"}, {"input", std::string(2u << 20, '.')}};
  expect_error(post(c, "solve", huge.dump()), 413, "body");
}

TEST_F(ServeApi, ServesThePageBuiltIntoTheBinary) {
  auto c = client(*server_);
  const auto page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->get_header_value("Content-Type").find("text/html"), std::string::npos);
  EXPECT_NE(page->body.find("<html"), std::string::npos);
  const auto missing = c.Get("/no/such/file.js");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
}

TEST_F(ServeApi, PlotsAreTheCommandLinesSvg) {
  const std::string path = ::testing::TempDir() + "grundy_serve_plot.svg";
  ASSERT_EQ(run_cli({"plot", "octal", "0.07", "--upto", "200", "-o", path}).status, 0);
  const std::string expected = data_file_at(path);
  std::remove(path.c_str());
  auto c = client(*server_);
  const auto got = c.Get("/api/plot?game=octal&code=0.07&upto=200");
  ASSERT_TRUE(got);
  EXPECT_EQ(got->status, 200);
  EXPECT_EQ(got->get_header_value("Content-Type"), "image/svg+xml");
  EXPECT_EQ(got->body, expected);
  const Answer posted = post(c, "plot", R"({"game":"octal","rules":{"code":"0.07"},"upto":200})");
  EXPECT_EQ(posted.body, expected);
  expect_error(post(c, "plot", R"({"game":"nim","upto":"many"})"), 400, "upto");
  expect_error(post(c, "plot", R"({"game":"rect","upto":10})"), 400, "no table");
}

TEST_F(ServeApi, EightClientsAgreeWithTheCommandLine) {
  const std::vector<Case> all = cases();
  std::vector<std::string> expected;
  for (const Case& item : all) expected.push_back(comparable_answer(cli_json(item.cli)));
  std::atomic<int> right{0};
  std::atomic<int> busy{0};
  std::vector<std::thread> clients;
  for (int t = 0; t < 8; ++t) {
    clients.emplace_back([&, t] {
      auto c = client(*server_);
      for (int i = 0; i < 25; ++i) {
        const std::size_t k = static_cast<std::size_t>(t * 25 + i) % all.size();
        Answer answer = post(c, all[k].endpoint, all[k].body.dump());
        while (answer.status == 503) {  // all computing slots taken: the documented answer, try again
          ++busy;
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
          answer = post(c, all[k].endpoint, all[k].body.dump());
        }
        if (answer.status == 200 && comparable_answer(answer.body) == expected[k]) ++right;
      }
    });
  }
  for (std::thread& t : clients) t.join();
  EXPECT_EQ(right.load(), 200);
  // Still serving afterwards.
  auto c = client(*server_);
  EXPECT_EQ(comparable_answer(post(c, "solve", all[0].body.dump()).body), expected[0]);
}

TEST(ServeBounds, ComputeBudgetsEndInAnErrorAndTheServerGoesOn) {
  ServerProcess tight_memory({"--request-memory", "64K"});
  auto c = client(tight_memory);
  expect_error(post(c, "table", R"({"game":"kayles","upto":1000000})"), 422, "memory budget");
  EXPECT_EQ(post(c, "solve", R"({"game":"nim","position":["3","5"]})").status, 200);
  EXPECT_EQ(tight_memory.stop(), 0);  // Ctrl-C stops it cleanly

  ServerProcess tight_time({"--request-time", "0.2"});
  auto t = client(tight_time);
  expect_error(post(t, "table", R"({"game":"grundys-game","upto":1000000,"rules":{"--no-cache":true}})"), 422, "0.2 s");
  EXPECT_EQ(post(t, "solve", R"({"game":"nim","position":["3","5"]})").status, 200);
  EXPECT_EQ(tight_time.stop(), 0);
}

// Holds the server's one computing slot with a long table while quick solves are
// sent: at least one is refused (each refusal checked by `check_refusal`), and once
// the slot is free a solve is served again.
template <class CheckRefusal>
void expect_refusal_while_busy(const ServerProcess& server, CheckRefusal check_refusal) {
  std::atomic<bool> done{false};
  std::thread slow([&] {
    auto c = client(server);
    // The quick requests below may hold the one slot first: ask again until this one runs.
    while (post(c, "table", R"({"game":"grundys-game","upto":1000000,"rules":{"--no-cache":true}})").status == 503) {
    }
    done = true;
  });
  auto c = client(server);
  bool refused = false;
  while (!done && !refused) {
    const auto result = c.Post("/api/solve", R"({"game":"nim","position":["3"]})", "application/json");
    EXPECT_TRUE(result);
    if (!result) break;
    refused = result->status == 503;
    if (refused) check_refusal(*result);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  slow.join();
  EXPECT_TRUE(refused);
  EXPECT_EQ(post(c, "solve", R"({"game":"nim","position":["3"]})").status, 200);
}

TEST(ServeBounds, ComputationsBeyondTheCapGet503) {
  ServerProcess server({"--request-time", "3", "--max-solves", "1", "--queue", "0"});
  expect_refusal_while_busy(server, [](const httplib::Response& refusal) {
    expect_error({refusal.status, refusal.body}, 503, "busy");
  });
}

// The empty position is a game, as in Python: value 0; under normal play the player to
// move (who has no move) loses, under misère play wins. A missing position is still a slip.
TEST_F(ServeApi, TheEmptyPositionIsAGame) {
  auto c = client(*server_);
  for (const std::string game : {"nim", "kayles"}) {
    const Answer normal = post(c, "solve", Json{{"game", game}, {"position", Json::array()}}.dump());
    ASSERT_EQ(normal.status, 200) << game << ": " << normal.body;
    const Json doc = Json::parse(normal.body);
    EXPECT_EQ(doc["value"], 0) << game;
    EXPECT_EQ(doc["winner"], "second") << game;
    EXPECT_EQ(doc["position"], Json::array());
    EXPECT_EQ(comparable_answer(normal.body), comparable_answer(cli_json({"--json", game, ""}))) << game;
    const Answer misere = post(c, "solve", Json{{"game", game}, {"position", Json::array()}, {"misere", true}}.dump());
    ASSERT_EQ(misere.status, 200) << game << ": " << misere.body;
    EXPECT_EQ(Json::parse(misere.body)["winner"], "first") << game;
    EXPECT_EQ(comparable_answer(misere.body), comparable_answer(cli_json({"--json", game, "--misere", ""}))) << game;
    const Answer explained = post(c, "explain", Json{{"game", game}, {"position", Json::array()}}.dump());
    ASSERT_EQ(explained.status, 200) << explained.body;
    EXPECT_EQ(Json::parse(explained.body)["explain"], Json::array());
  }
  expect_error(post(c, "move", R"({"game":"nim","position":[],"engine":true})"), 400, "");
  expect_error(post(c, "solve", R"({"game":"nim"})"), 400, "[] for the empty position");
  // Games that read a board keep asking for one: the server never reads its standard input.
  expect_error(post(c, "solve", R"({"game":"rect","position":[]})"), 400, "input");
}

TEST_F(ServeApi, UnknownEndpointsAre404AndOtherMethods405) {
  auto c = client(*server_);
  for (const char* path : {"/api/nonexistent", "/api/", "/api/solve/extra"}) {
    const auto got = c.Get(path);
    ASSERT_TRUE(got) << path;
    EXPECT_EQ(got->status, 404) << path << ": " << got->body;
    EXPECT_TRUE(Json::parse(got->body).contains("error")) << got->body;
  }
  for (const char* path : {"/api/solve", "/api/explain", "/api/move", "/api/table"}) {
    const auto got = c.Get(path);
    ASSERT_TRUE(got) << path;
    EXPECT_EQ(got->status, 405) << path;
  }
  expect_error(post(c, "games", "{}"), 405, "GET");
}

// A percent-escape may decode to bytes that are not UTF-8: a bad request, in every field of the query.
TEST_F(ServeApi, QueriesThatAreNotUtf8Are400) {
  auto c = client(*server_);
  for (const char* query : {"game=nim&upto=%ff", "game=%ff&upto=10", "game=octal&code=0.%c3%28&upto=10",
                            "game=subtraction&set=1,%e9&upto=10", "game=nim&%ff=1&upto=10", "game=nim&upto=%e2%82"}) {
    const auto got = c.Get((std::string("/api/plot?") + query).c_str());
    ASSERT_TRUE(got) << query;
    EXPECT_EQ(got->status, 400) << query << ": " << got->body;
    const Json doc = Json::parse(got->body);
    EXPECT_NE(doc["error"].get<std::string>().find("UTF-8"), std::string::npos) << got->body;
    EXPECT_NE(doc["error"].get<std::string>().find("\\x"), std::string::npos) << got->body;  // the bytes shown escaped
  }
  const auto fine = c.Get("/api/plot?game=nim&upto=%31%30");  // "10", escaped
  ASSERT_TRUE(fine);
  EXPECT_EQ(fine->status, 200);
}

// A burst of requests beyond the computing slots waits its turn in the queue instead of being turned away.
TEST(ServeBounds, EightClientsAreQueuedNotTurnedAway) {
  ServerProcess server({"--max-solves", "2", "--queue-wait", "60"});  // the default queue: 4 per slot
  const std::vector<Case> all = cases();
  std::vector<std::string> expected;
  for (const Case& item : all) expected.push_back(comparable_answer(cli_json(item.cli)));
  std::atomic<int> right{0};
  std::atomic<int> busy{0};
  std::vector<std::thread> clients;
  for (int t = 0; t < 8; ++t) {
    clients.emplace_back([&, t] {
      auto c = client(server);
      for (int i = 0; i < 12; ++i) {
        const std::size_t k = static_cast<std::size_t>(t * 12 + i) % all.size();
        const Answer answer = post(c, all[k].endpoint, all[k].body.dump());
        if (answer.status == 503) ++busy;
        if (answer.status == 200 && comparable_answer(answer.body) == expected[k]) ++right;
      }
    });
  }
  for (std::thread& t : clients) t.join();
  EXPECT_EQ(busy.load(), 0);
  EXPECT_EQ(right.load(), 96);
}

// Past the queue's wait, a request is turned away with the reason and a Retry-After.
TEST(ServeBounds, AWaitPastTheQueueWaitIs503) {
  ServerProcess server({"--request-time", "3", "--max-solves", "1", "--queue", "1", "--queue-wait", "0.3"});
  expect_refusal_while_busy(server, [](const httplib::Response& refusal) {
    expect_error({refusal.status, refusal.body}, 503, "within 0.3 s");
    EXPECT_EQ(refusal.get_header_value("Retry-After"), "1");
  });
}

/// A connection from `source` (a loopback address) to the server that sends a request's
/// headers and the first byte of its 100-byte body, and then nothing.
int stalled_connection(const ServerProcess& server, const char* source) {
  const int sock = ::socket(AF_INET, SOCK_STREAM, 0);
  if (sock < 0) return -1;
  sockaddr_in from{};
  from.sin_family = AF_INET;
  ::inet_pton(AF_INET, source, &from.sin_addr);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<std::uint16_t>(server.port()));
  ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
  if (::bind(sock, reinterpret_cast<sockaddr*>(&from), sizeof(from)) != 0 ||
      ::connect(sock, reinterpret_cast<sockaddr*>(&to), sizeof(to)) != 0) {
    ::close(sock);
    return -1;
  }
  const std::string start =
      "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{";
  if (::send(sock, start.data(), start.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(start.size())) {
    ::close(sock);
    return -1;
  }
  return sock;
}

/// What the server sent on `sock` before closing it, waiting for it at most `seconds`.
std::string answer_on(int sock, int seconds) {
  std::string got;
  std::array<char, 4096> buffer{};
  pollfd entry{.fd = sock, .events = POLLIN, .revents = 0};
  while (::poll(&entry, 1, seconds * 1000) > 0) {
    const ssize_t n = ::recv(sock, buffer.data(), buffer.size(), 0);
    if (n <= 0) break;
    got.append(buffer.data(), static_cast<std::size_t>(n));
  }
  return got;
}

bool has_news(int sock) {
  pollfd entry{.fd = sock, .events = POLLIN, .revents = 0};
  return ::poll(&entry, 1, 0) > 0;
}

// Clients that send their headers and then stall hold only their own connections: 48 stalled
// connections from three addresses (16 each, the bound per client) and 4 more from one of them,
// refused at once; meanwhile a Nim solve from another address is answered while every admitted
// stalled connection is still waiting for its body.
TEST(ServeBounds, StalledClientsDoNotHoldOthersUp) {
  ServerProcess server({"--read-time", "120", "--client-connections", "16"});
  std::vector<int> stalled;
  for (const char* source : {"127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.2"}) {
    for (int i = 0; i < (stalled.size() < 48 ? 16 : 4); ++i) {
      const int sock = stalled_connection(server, source);
      ASSERT_GE(sock, 0) << source;
      stalled.push_back(sock);
    }
  }
  // The 4 connections over their client's bound are answered 503 at once, without waiting for their bodies.
  std::vector<pollfd> entries;
  for (const int sock : stalled) entries.push_back(pollfd{.fd = sock, .events = POLLIN, .revents = 0});
  // poll returns at once while some are ready, so the wait is bounded by the clock (a minute), not by rounds.
  int answered = 0;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (answered < 4 && std::chrono::steady_clock::now() < give_up) {
    answered = ::poll(entries.data(), entries.size(), 100);
    if (answered > 0 && answered < 4) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_EQ(answered, 4);
  std::vector<int> waiting;
  for (const pollfd& entry : entries) {
    if (entry.revents == 0) {
      waiting.push_back(entry.fd);
      continue;
    }
    const std::string answer = answer_on(entry.fd, 60);
    EXPECT_EQ(answer.rfind("HTTP/1.1 503", 0), 0u) << answer;
    EXPECT_NE(answer.find("too many connections from this address"), std::string::npos) << answer;
    ::close(entry.fd);
  }
  ASSERT_EQ(waiting.size(), 48u);
  auto c = client(server);
  const Answer solved = post(c, "solve", R"({"game":"nim","position":["3","5","6"]})");
  ASSERT_EQ(solved.status, 200) << solved.body;
  EXPECT_EQ(Json::parse(solved.body)["value"], 0);
  // Answered while every admitted stalled connection is still held open, unanswered.
  int still_waiting = 0;
  for (const int sock : waiting) still_waiting += has_news(sock) ? 0 : 1;
  EXPECT_EQ(still_waiting, 48);
  for (const int sock : waiting) ::close(sock);
  EXPECT_EQ(server.stop(), 0);
}

// Every request must arrive whole within the read deadline: a stalled connection is then answered and closed.
TEST(ServeBounds, AStalledRequestEndsAtTheReadDeadline) {
  ServerProcess server({"--read-time", "0.5"});
  const int sock = stalled_connection(server, "127.0.0.1");
  ASSERT_GE(sock, 0);
  pollfd entry{.fd = sock, .events = POLLIN, .revents = 0};
  EXPECT_EQ(::poll(&entry, 1, 60'000), 1) << "the server let the stalled connection be";
  ::close(sock);
  auto c = client(server);
  EXPECT_EQ(post(c, "solve", R"({"game":"nim","position":["3"]})").status, 200);
}

}  // namespace
}  // namespace grundy

// Every command the documentation shows really runs. Each line inside a fenced
// code block of README.md and docs/*.md that starts with `build/release/grundy`
// or `grundy ` runs from the repository root through bash, with the binary under
// test standing for `grundy`: it must exit 0, or, when marked `# exits 2`, exit 2
// with one error line on stderr. Lines marked `# long` (minutes of work) are skipped.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace grundy {
namespace {

using testing::CliResult;
using testing::run_shell;

constexpr const char* kBuiltPath = "build/release/grundy";

/// One command line of a document, with where it stands and its markers.
struct DocumentedCommand {
  std::string where;          // "README.md:12"
  std::string line;           // as written (continuation lines joined)
  bool fails = false;         // marked "# exits 2"
  bool long_running = false;  // marked "# long"
};

std::string trimmed_left(const std::string& text) {
  const auto first = std::find_if(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c) == 0; });
  return std::string(first, text.end());
}

bool is_grundy_command(const std::string& line) {
  const std::string built(kBuiltPath);
  if (line.rfind(built, 0) == 0) return line.size() == built.size() || line[built.size()] == ' ';
  return line.rfind("grundy ", 0) == 0;
}

/// The grundy command lines of fenced code blocks in `text` (a document named `name`).
std::vector<DocumentedCommand> documented_commands(const std::string& text, const std::string& name) {
  std::vector<DocumentedCommand> commands;
  std::istringstream in(text);
  std::string line;
  bool fenced = false;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    std::string command = trimmed_left(line);
    if (command.rfind("```", 0) == 0) {
      fenced = !fenced;
      continue;
    }
    const int start = number;
    while (fenced && !command.empty() && command.back() == '\\' && std::getline(in, line)) {
      ++number;
      command.pop_back();
      command += trimmed_left(line);
    }
    if (!fenced || !is_grundy_command(command)) continue;
    commands.push_back(DocumentedCommand{.where = name + ":" + std::to_string(start),
                                         .line = command,
                                         .fails = command.find("# exits 2") != std::string::npos,
                                         .long_running = command.find("# long") != std::string::npos});
  }
  return commands;
}

bool is_path_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-' || c == '.' || c == '/';
}

/// A bash script running `line` with `grundy` (and build/release/grundy) meaning the binary under test.
std::string script_for(const std::string& line) {
  std::string body;
  const std::string built(kBuiltPath);
  for (std::size_t i = 0; i < line.size();) {
    const bool whole_word = line.compare(i, built.size(), built) == 0 &&
                            (i + built.size() == line.size() || !is_path_char(line[i + built.size()]));
    if (whole_word) {
      body += "grundy";
      i += built.size();
    } else {
      body += line[i++];
    }
  }
  return std::string("set -o pipefail\ngrundy() { '") + GRUNDY_CLI_PATH + "' \"$@\"; }\n" + body + "\n";
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::vector<DocumentedCommand> commands_of(const std::string& relative_path) {
  const std::filesystem::path path = std::filesystem::path(GRUNDY_SOURCE_DIR) / relative_path;
  EXPECT_TRUE(std::filesystem::exists(path)) << path;
  return documented_commands(read_file(path), relative_path);
}

// Runs every command that is not long; returns how many ran.
int expect_all_run(const std::vector<DocumentedCommand>& commands) {
  int ran = 0;
  for (const DocumentedCommand& command : commands) {
    if (command.long_running) continue;
    ++ran;
    const CliResult r = run_shell(script_for(command.line), GRUNDY_SOURCE_DIR);
    const std::string context = command.where + ": " + command.line + "\nstderr: " + r.err;
    if (command.fails) {
      EXPECT_EQ(r.status, 2) << context;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << context;
      EXPECT_EQ(r.err.rfind("grundy: error: ", 0), 0U) << context;
    } else {
      EXPECT_EQ(r.status, 0) << context;
    }
  }
  return ran;
}

TEST(DocumentedCommands, ExtractsCommandLinesOfFencedBlocksWithTheirMarkers) {
  const std::string text =
      "grundy nim 1 2   (prose, not a block)\n"
      "```\n"
      "build/release/grundy nim 3 4 5\n"
      "  grundy kayles 5   # a comment\n"
      "build/release/grundy nim -1   # exits 2\n"
      "build/release/grundy table octal 0.16 --upto 2000000   # long\n"
      "build/release/grundy-other x\n"
      "scripts/test.sh\n"
      "build/release/grundy rect \\\n"
      "  0110/0000\n"
      "```\n"
      "build/release/grundy nim 7\n"
      "```cpp\n"
      "grundy::Analyzer<Game> analyzer(game);\n"
      "```\n";
  const std::vector<DocumentedCommand> commands = documented_commands(text, "doc.md");
  ASSERT_EQ(commands.size(), 5U);
  EXPECT_EQ(commands[0].where, "doc.md:3");
  EXPECT_EQ(commands[0].line, "build/release/grundy nim 3 4 5");
  EXPECT_FALSE(commands[0].fails);
  EXPECT_EQ(commands[1].line, "grundy kayles 5   # a comment");
  EXPECT_TRUE(commands[2].fails);
  EXPECT_FALSE(commands[2].long_running);
  EXPECT_TRUE(commands[3].long_running);
  EXPECT_EQ(commands[4].where, "doc.md:9");
  EXPECT_EQ(commands[4].line, "build/release/grundy rect 0110/0000");
}

TEST(DocumentedCommands, ScriptRunsTheBinaryUnderTestForBothSpellings) {
  const std::string script = script_for("build/release/grundy nim 3 | build/release/grundy-x build/release/grundy");
  EXPECT_NE(script.find("\ngrundy nim 3 | build/release/grundy-x grundy\n"), std::string::npos) << script;
  const CliResult r = run_shell(script_for("grundy --version && build/release/grundy --json nim 1 | grep -q first"),
                                GRUNDY_SOURCE_DIR);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("grundy ", 0), 0U) << r.out;
}

TEST(DocumentedCommands, ReadmeCommandsRun) {
  EXPECT_GE(expect_all_run(commands_of("README.md")), 15);
}

TEST(DocumentedCommands, CommandLineReferenceCommandsRun) {
  EXPECT_GE(expect_all_run(commands_of("docs/cli.md")), 30);
}

TEST(DocumentedCommands, OtherDocumentsCommandsRun) {
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(GRUNDY_SOURCE_DIR) / "docs")) {
    const std::string name = "docs/" + entry.path().filename().string();
    if (entry.path().extension() != ".md" || name == "docs/cli.md") continue;
    expect_all_run(commands_of(name));
  }
}

}  // namespace
}  // namespace grundy

// The scripts a newcomer runs first. scripts/demo.sh through a pipe, on this
// test's own build (up to date when ctest runs; setup skipped), prints the worked
// examples' answers on stdout and nothing else, and nothing on stderr. The
// build's progress, fed recorded Ninja output: one line rewritten in place on a
// terminal, only the compiler's messages elsewhere, and not a word when the
// build had nothing to do.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <string>

#include "support/run_cli.hpp"

namespace grundy {
namespace {

using testing::CliResult;
using testing::run_cli;
using testing::run_shell;

std::filesystem::path build_directory() { return std::filesystem::path(GRUNDY_CLI_PATH).parent_path(); }

std::string quoted(const std::string& text) { return "'" + text + "'"; }

std::string without_temporary_names(const std::string& text) {
  return std::regex_replace(text, std::regex("grundy-example-[0-9]+"), "grundy-example-N");
}

TEST(Scripts, DemoThroughAPipePrintsOnlyTheAnswers) {
  ASSERT_TRUE(std::filesystem::exists(build_directory() / "build.ninja")) << build_directory();

  const CliResult direct = run_cli({"examples"});
  ASSERT_EQ(direct.status, 0) << direct.err;
  const CliResult demo =
      run_shell("set -o pipefail; GRUNDY_SKIP_SETUP=1 GRUNDY_BUILD_DIR=" + quoted(build_directory().string()) +
                    " scripts/demo.sh | cat",
                GRUNDY_SOURCE_DIR);
  EXPECT_EQ(demo.status, 0) << demo.err;
  EXPECT_EQ(demo.err, "");
  // The same answers as the command line's own (the DAG example's file is a fresh temporary one each run).
  EXPECT_EQ(without_temporary_names(demo.out), without_temporary_names(direct.out));
  // Hand-checked: cells (1,2), (1,3) and (4,4) are a line of 2 (value 2) and a cell (value 1), so the
  // value is 2 ^ 1 = 3, and the winning moves leave two single cells.
  EXPECT_NE(demo.out.find("  grundy rect 0110/0000/0000/0001\n  value 3: the first player wins  [as the problem says]\n"
                          "  winning moves: (1,2)-(1,2); (1,3)-(1,3)\n"),
            std::string::npos)
      << demo.out;
  EXPECT_TRUE(std::regex_search(demo.out, std::regex("\n([0-9]+) of \\1 answers the problems give agree\\.\n")))
      << demo.out;
  EXPECT_EQ(demo.out.find('\r'), std::string::npos);
}

// A recorded build (CMake's glob check, three steps, one compiler warning) fed to
// the progress line, then the script's next message; as a bash script.
constexpr const char* kProgressScript = R"(source scripts/lib/stages.sh
printf '%s\n' '[0/3] Re-checking globbed directories...' '[1/3] Building CXX object a.o' \
  'src/a.cpp:1:2: warning: unused variable' '[2/3] Building CXX object b.o' '[3/3] Linking CXX executable grundy' |
  show_build_progress 'demo: build' '' 0
echo 'demo: built' >&2
)";

TEST(Scripts, BuildProgressOutsideATerminalKeepsOnlyTheCompilersMessages) {
  const CliResult r = run_shell(kProgressScript, GRUNDY_SOURCE_DIR);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "src/a.cpp:1:2: warning: unused variable\ndemo: built\n");
}

TEST(Scripts, BuildProgressSaysNothingWhenTheBuildIsUpToDate) {
  const std::string up_to_date = R"sh(source scripts/lib/stages.sh; script=demo
printf '%s\n' '[0/1] Re-checking globbed directories...' 'ninja: no work to do.' |
  show_build_progress 'demo: build' 'demo: building grundy' "$(now)"
)sh";
  const CliResult quiet = run_shell(up_to_date, GRUNDY_SOURCE_DIR);
  EXPECT_EQ(quiet.status, 0);
  EXPECT_EQ(quiet.out, "");
  EXPECT_EQ(quiet.err, "");

  const std::string with_work = R"sh(source scripts/lib/stages.sh; script=demo
printf '%s\n' '[0/2] Re-checking globbed directories...' '[1/2] Building CXX object a.o' '[2/2] Linking grundy' |
  show_build_progress 'demo: build' 'demo: building grundy' "$(now)"
)sh";
  const CliResult told = run_shell(with_work, GRUNDY_SOURCE_DIR);
  EXPECT_EQ(told.status, 0);
  EXPECT_EQ(told.out, "");
  EXPECT_EQ(told.err.rfind("demo: building grundy\ndemo: built in 0.", 0), 0U) << told.err;
  EXPECT_EQ(told.err.back(), '\n');
  EXPECT_EQ(std::count(told.err.begin(), told.err.end(), '\n'), 2) << told.err;
}

TEST(Scripts, BuildProgressOnATerminalIsOneLineRewrittenInPlace) {
  // `script` runs the progress script on a pseudo-terminal and copies what it shows.
  const CliResult r = run_shell(std::string("f=$(mktemp); trap 'rm -f \"$f\"' EXIT; cat >\"$f\" <<'SH'\n") +
                                    kProgressScript + "SH\nTERM=xterm script -q -e -c \"bash $f\" /dev/null",
                                GRUNDY_SOURCE_DIR);
  ASSERT_EQ(r.status, 0) << r.err;
  std::string screen;  // the terminal's CR LF line ends back to LF; lone CRs stay
  for (std::size_t i = 0; i < r.out.size(); ++i) {
    if (r.out.compare(i, 2, "\r\n") != 0) screen += r.out[i];
  }
  const std::string line_start = "\r\033[K";  // back to the start of the line and clear it
  // Each step replaces the one before; the warning gets a line of its own with the
  // step drawn again under it; the line is cleared for the script's next message.
  EXPECT_EQ(screen, line_start + "demo: build [1/3] Building CXX object a.o" + line_start +
                        "src/a.cpp:1:2: warning: unused variable\n" + "demo: build [1/3] Building CXX object a.o" +
                        line_start + "demo: build [2/3] Building CXX object b.o" + line_start +
                        "demo: build [3/3] Linking CXX executable grundy" + line_start + "demo: built\n");
}

// scripts/test.sh with stand-ins for cmake and ctest on PATH (a build that prints
// two steps, or fails; tests that print their report): one line per stage with
// its time on stderr, ctest's report on stdout, and a failed stage ends the script.
CliResult run_test_script_with(const std::string& build_status) {
  return run_shell(R"sh(set -e
fake=$(mktemp -d); trap 'rm -rf "$fake"' EXIT
cat >"$fake/cmake" <<'SH'
#!/bin/bash
if [ "$1" = --build ]; then
  printf '%s\n' '[1/2] Building CXX object a.o' '[2/2] Linking CXX executable grundy'
  [ "$FAKE_BUILD_STATUS" = 0 ] || { echo 'FAILED: a.o'; echo 'a.cpp:1:1: error: expected declaration'; }
  exit "$FAKE_BUILD_STATUS"
fi
echo '-- Configuring done'
SH
printf '#!/bin/bash\necho "100%% tests passed, 0 tests failed out of 3"\n' >"$fake/ctest"
chmod +x "$fake/cmake" "$fake/ctest"
FAKE_BUILD_STATUS=)sh" + build_status +
                       R"sh( GRUNDY_SKIP_SETUP=1 GRUNDY_BUILD_DIR="$fake/build" PATH="$fake:$PATH" scripts/test.sh
)sh",
                   GRUNDY_SOURCE_DIR);
}

TEST(Scripts, TestScriptSaysEachStageWithItsTime) {
  const CliResult r = run_test_script_with("0");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "100% tests passed, 0 tests failed out of 3\n");
  EXPECT_TRUE(std::regex_match(r.err, std::regex("test: setup skipped \\(GRUNDY_SKIP_SETUP\\)\n"
                                                 "test: configure \\([0-9]+\\.[0-9] s\\)\n"
                                                 "test: build \\([0-9]+\\.[0-9] s\\)\n"
                                                 "test: tests \\([0-9]+\\.[0-9] s\\)\n")))
      << r.err;
}

TEST(Scripts, TestScriptStopsAtAFailedBuildAndShowsWhy) {
  const CliResult r = run_test_script_with("1");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(std::regex_match(r.err, std::regex("test: setup skipped \\(GRUNDY_SKIP_SETUP\\)\n"
                                                 "test: configure \\([0-9]+\\.[0-9] s\\)\n"
                                                 "FAILED: a.o\n"
                                                 "a.cpp:1:1: error: expected declaration\n"
                                                 "test: build failed after [0-9]+\\.[0-9] s \\(exit status 1\\)\n")))
      << r.err;
}

}  // namespace
}  // namespace grundy

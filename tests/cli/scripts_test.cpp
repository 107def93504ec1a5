// The scripts a newcomer runs first. scripts/demo.sh through a pipe, with the
// build up to date, prints the worked examples' answers on stdout and nothing
// else, and says nothing on stderr (it points at this test's own build, so it
// neither sets up nor builds anything). The build's progress line, fed a
// recorded Ninja output: one line rewritten in place on a terminal, nothing but
// the compiler's messages elsewhere.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/run_cli.hpp"

namespace grundy {
namespace {

using testing::CliResult;
using testing::run_cli;
using testing::run_shell;

std::filesystem::path build_directory() { return std::filesystem::path(GRUNDY_CLI_PATH).parent_path(); }

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// True when Ninja has nothing to build for the command line (re-checking CMake's
// globbed source lists is done on every build and is not work).
bool command_line_is_up_to_date() {
  const CliResult plan = run_shell("cmake --build " + quoted(build_directory().string()) +
                                       " --target grundy_cli -- -n | grep -v 'Re-checking globbed directories'",
                                   GRUNDY_SOURCE_DIR);
  return plan.status == 0 && plan.out.find("\n[") == std::string::npos && plan.out.rfind('[', 0) != 0;
}

TEST(Scripts, DemoThroughAPipePrintsOnlyTheAnswers) {
  ASSERT_TRUE(std::filesystem::exists(build_directory() / "build.ninja")) << build_directory();
  if (!command_line_is_up_to_date()) GTEST_SKIP() << "the command line is not built: build grundy_cli first";

  const CliResult direct = run_cli({"examples"});
  ASSERT_EQ(direct.status, 0) << direct.err;
  const CliResult demo =
      run_shell("set -o pipefail; GRUNDY_SKIP_SETUP=1 GRUNDY_BUILD_DIR=" + quoted(build_directory().string()) +
                    " scripts/demo.sh | cat",
                GRUNDY_SOURCE_DIR);
  EXPECT_EQ(demo.status, 0) << demo.err;
  EXPECT_EQ(demo.err, "");
  EXPECT_EQ(demo.out, direct.out);
  // Hand-checked answers of the worked examples: Nim 3 4 5 has value 3 ^ 4 ^ 5 = 2.
  EXPECT_NE(demo.out.find("nim"), std::string::npos) << demo.out;
  EXPECT_EQ(demo.out.find("building"), std::string::npos);
  EXPECT_EQ(demo.out.find('\r'), std::string::npos);
}

// A recorded build (CMake's glob check, three steps, one compiler warning) fed to
// the progress line, then the script's next message; as a bash script.
constexpr const char* kProgressScript = R"(source scripts/lib/stages.sh
printf '%s\n' '[0/3] Re-checking globbed directories...' '[1/3] Building CXX object a.o' \
  'src/a.cpp:1:2: warning: unused variable' '[2/3] Building CXX object b.o' '[3/3] Linking CXX executable grundy' |
  show_build_progress 'demo: build'
echo 'demo: built' >&2
)";

TEST(Scripts, BuildProgressOutsideATerminalKeepsOnlyTheCompilersMessages) {
  const CliResult r = run_shell(kProgressScript, GRUNDY_SOURCE_DIR);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "src/a.cpp:1:2: warning: unused variable\ndemo: built\n");
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

}  // namespace
}  // namespace grundy

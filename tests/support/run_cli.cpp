#include "support/run_cli.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace grundy::testing {

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Runs argv[0] (a path) with `input` on stdin, in `directory` when not empty.
CliResult run_program(std::vector<std::string> argv_text, const std::string& input, const std::string& directory) {
  char dir_template[] = "/tmp/grundy-cli-XXXXXX";
  const char* dir = mkdtemp(dir_template);
  if (dir == nullptr) throw std::runtime_error("mkdtemp failed");
  const std::string in_path = std::string(dir) + "/in", out_path = std::string(dir) + "/out",
                    err_path = std::string(dir) + "/err";
  std::ofstream(in_path, std::ios::binary) << input;

  const pid_t pid = fork();
  if (pid == 0) {
    const int in = open(in_path.c_str(), O_RDONLY);
    const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    if (!directory.empty() && chdir(directory.c_str()) != 0) _exit(126);
    std::vector<char*> argv;
    for (std::string& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv_text.front().c_str(), argv.data());
    _exit(127);
  }
  int wait_status = 0;
  struct rusage usage {};
  wait4(pid, &wait_status, 0, &usage);
  CliResult result;
  result.peak_kib = usage.ru_maxrss;
  result.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
  result.out = slurp(out_path);
  result.err = slurp(err_path);
  std::remove(in_path.c_str());
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  rmdir(dir);
  return result;
}

}  // namespace

CliResult run_cli(const std::vector<std::string>& args, const std::string& input) {
  std::vector<std::string> argv{GRUNDY_CLI_PATH};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_program(std::move(argv), input, "");
}

CliResult run_shell(const std::string& script, const std::string& directory) {
  return run_program({"/bin/bash", "-c", script}, "", directory);
}

nlohmann::json run_json(const std::vector<std::string>& args, const std::string& input) {
  std::vector<std::string> all{"--json"};
  all.insert(all.end(), args.begin(), args.end());
  const CliResult result = run_cli(all, input);
  EXPECT_EQ(result.status, 0) << result.err;
  return nlohmann::json::parse(result.out);
}

void expect_error(const CliResult& result, const std::string& needle) {
  EXPECT_EQ(result.status, 2) << result.out << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_EQ(result.err.rfind("grundy: error: ", 0), 0U) << result.err;
  EXPECT_NE(result.err.find(needle), std::string::npos) << "wanted '" << needle << "' in: " << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
}

}  // namespace grundy::testing

#include "support/run_cli.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace grundy::testing {

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Runs words[0 .. size - 4) (argv, argv[0] a path) with standard input,
// output and error from the paths words[size - 4 .. size - 2], in the
// directory words[size - 1] when not empty; returns its exit status (128 +
// the signal when one ended it) and its peak resident memory in KiB.
std::pair<int, long> launch(std::vector<std::string> words) {
  const std::string directory = words.back();
  const std::size_t argc = words.size() - 4;
  const pid_t pid = fork();
  if (pid == 0) {
    const int in = open(words[argc].c_str(), O_RDONLY);
    const int out = open(words[argc + 1].c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = open(words[argc + 2].c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    if (!directory.empty() && chdir(directory.c_str()) != 0) _exit(126);
    std::vector<char*> argv;
    for (std::size_t i = 0; i < argc; ++i) argv.push_back(words[i].data());
    argv.push_back(nullptr);
    execv(argv.front(), argv.data());
    _exit(127);
  }
  int wait_status = 0;
  struct rusage usage {};
  wait4(pid, &wait_status, 0, &usage);
  const int status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
  return {status, usage.ru_maxrss};
}

bool write_all(int fd, const void* data, std::size_t size) {
  const char* bytes = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t written = write(fd, bytes, size);
    if (written <= 0) return false;
    bytes += written;
    size -= static_cast<std::size_t>(written);
  }
  return true;
}

bool read_all(int fd, void* data, std::size_t size) {
  char* bytes = static_cast<char*>(data);
  while (size > 0) {
    const ssize_t got = read(fd, bytes, size);
    if (got <= 0) return false;
    bytes += got;
    size -= static_cast<std::size_t>(got);
  }
  return true;
}

// Launches the children from a helper process forked before main, while this
// test process is still small: Linux keeps in a child's ru_maxrss its resident
// size when it called exec, which for a child forked from a test process that
// has grown (every test in one process, not one per ctest run) is at least
// that process's size, past the bounds the memory tests assert.
class Launcher {
 public:
  Launcher() {
    if (kSanitized) return;  // no peak is asserted there
    int sockets[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) return;
    helper_ = fork();
    if (helper_ == 0) {
      close(sockets[0]);
      serve(sockets[1]);
      _exit(0);
    }
    close(sockets[1]);
    if (helper_ < 0) {
      close(sockets[0]);
      return;
    }
    socket_ = sockets[0];
  }
  Launcher(const Launcher&) = delete;
  Launcher& operator=(const Launcher&) = delete;
  ~Launcher() {
    if (socket_ < 0) return;
    close(socket_);  // the helper reads the end and exits
    waitpid(helper_, nullptr, 0);
  }

  // launch(words), by the helper when there is one.
  std::pair<int, long> run(const std::vector<std::string>& words) {
    const std::lock_guard lock(mutex_);
    if (socket_ >= 0 && send(socket_, words)) {
      std::pair<int, long> answer;
      if (read_all(socket_, &answer.first, sizeof answer.first) &&
          read_all(socket_, &answer.second, sizeof answer.second)) {
        return answer;
      }
    }
    return launch(words);
  }

 private:
  static bool send(int socket, const std::vector<std::string>& words) {
    const auto count = static_cast<std::uint32_t>(words.size());
    if (!write_all(socket, &count, sizeof count)) return false;
    for (const std::string& word : words) {
      const auto size = static_cast<std::uint32_t>(word.size());
      if (!write_all(socket, &size, sizeof size) || !write_all(socket, word.data(), word.size())) return false;
    }
    return true;
  }

  static void serve(int socket) {
    for (;;) {
      std::uint32_t count = 0;
      if (!read_all(socket, &count, sizeof count)) return;
      std::vector<std::string> words(count);
      for (std::string& word : words) {
        std::uint32_t size = 0;
        if (!read_all(socket, &size, sizeof size)) return;
        word.resize(size);
        if (!read_all(socket, word.data(), size)) return;
      }
      const auto [status, peak] = launch(std::move(words));
      if (!write_all(socket, &status, sizeof status) || !write_all(socket, &peak, sizeof peak)) return;
    }
  }

  pid_t helper_ = -1;
  int socket_ = -1;
  std::mutex mutex_;
};

Launcher launcher;  // before main: forked while the test process is small

// Runs argv[0] (a path) with `input` on stdin, in `directory` when not empty.
CliResult run_program(std::vector<std::string> argv_text, const std::string& input, const std::string& directory) {
  char dir_template[] = "/tmp/grundy-cli-XXXXXX";
  const char* dir = mkdtemp(dir_template);
  if (dir == nullptr) throw std::runtime_error("mkdtemp failed");
  const std::string in_path = std::string(dir) + "/in", out_path = std::string(dir) + "/out",
                    err_path = std::string(dir) + "/err";
  std::ofstream(in_path, std::ios::binary) << input;

  std::vector<std::string> words = std::move(argv_text);
  words.insert(words.end(), {in_path, out_path, err_path, directory});
  CliResult result;
  std::tie(result.status, result.peak_kib) = launcher.run(words);
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

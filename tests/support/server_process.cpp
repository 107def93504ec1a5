#include "support/server_process.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <stdexcept>
#include <thread>

namespace grundy::testing {

namespace {

// The first line the server writes: "... http://127.0.0.1:PORT/ ...".
std::string first_line(int fd) {
  std::string line;
  char c = 0;
  while (line.size() < 1000 && ::read(fd, &c, 1) == 1 && c != '\n') line += c;
  return line;
}

int port_of(const std::string& line) {
  const std::size_t host = line.find("http://127.0.0.1:");
  if (host == std::string::npos) return 0;
  return std::stoi(line.substr(host + 17));
}

}  // namespace

ServerProcess::ServerProcess(const std::vector<std::string>& extra) {
  int out[2];
  if (::pipe(out) != 0) throw std::runtime_error("pipe failed");
  std::vector<std::string> args{GRUNDY_CLI_PATH, "serve", "--port", "0"};
  args.insert(args.end(), extra.begin(), extra.end());
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(out[1], 1);
    ::close(out[0]);
    ::close(out[1]);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv.front(), argv.data());
    ::_exit(127);
  }
  ::close(out[1]);
  port_ = port_of(first_line(out[0]));
  // The rest of its output is not read: let the pipe go, the server writes one more line at most.
  ::close(out[0]);
  if (port_ == 0) {
    stop();
    throw std::runtime_error("grundy serve did not start");
  }
}

ServerProcess::~ServerProcess() { stop(); }

int ServerProcess::stop() {
  if (pid_ <= 0) return status_;
  ::kill(pid_, SIGINT);
  int wait_status = 0;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (::waitpid(pid_, &wait_status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > give_up) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, &wait_status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  status_ = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
  pid_ = -1;
  return status_;
}

}  // namespace grundy::testing

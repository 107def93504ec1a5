// Runs the real `grundy serve` for the web API tests: starts it on a free port
// (--port 0, the port read from its first line), and stops it with SIGINT as a
// person's Ctrl-C would, reporting how it exited.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace grundy::testing {

class ServerProcess {
 public:
  /// Starts `grundy serve --port 0 extra...`; throws std::runtime_error when it does not start.
  explicit ServerProcess(const std::vector<std::string>& extra = {});
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  [[nodiscard]] int port() const { return port_; }
  /// Sends SIGINT and waits (killing it after 20 s); its exit status, 128 + signal when killed.
  int stop();

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  int status_ = -1;
};

}  // namespace grundy::testing

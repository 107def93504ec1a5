// How `grundy serve` holds its connections: cpp-httplib's server with its
// per-connection loop replaced (its process_and_close_socket hook), so that
// a client that stalls never keeps the others waiting:
// - every request must arrive whole, headers and body, within a read deadline
//   (a client sending a byte now and then is not given more time);
// - one client address holds at most a few connections at once; more are
//   answered 503 and closed at once;
// - connections are served by enough threads that the stalled ones a client
//   may hold leave threads free for everyone else.
#pragma once

#include <httplib.h>

#include <chrono>
#include <map>
#include <mutex>
#include <string>

namespace grundy::cli {

/// The bounds on connections.
struct ConnectionLimits {
  std::chrono::duration<double> read_time{10};  // to read one request, headers and body
  unsigned per_client = 16;                     // connections of one client address at once
  unsigned threads = 64;                        // connections served at once (more wait their turn)
};

/// The HTTP server of `grundy serve` within `ConnectionLimits`.
class GuardedServer : public httplib::Server {
 public:
  explicit GuardedServer(const ConnectionLimits& limits);

 private:
  bool process_and_close_socket(socket_t sock) override;
  /// Counts a connection of `client`; false when that client already holds its bound.
  bool admit(const std::string& client);
  void release(const std::string& client);

  ConnectionLimits limits_;
  std::mutex mutex_;
  std::map<std::string, unsigned> connections_;  // per client address, only those with some
};

}  // namespace grundy::cli

#include "http_connections.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include "grundy/catalogue/json_text.hpp"

namespace grundy::cli {

namespace {

using Clock = std::chrono::steady_clock;

// How often a wait looks whether the server is stopping.
constexpr std::chrono::milliseconds kStopCheck{100};

Clock::duration clock_duration(std::chrono::duration<double> seconds) {
  return std::chrono::duration_cast<Clock::duration>(seconds);
}

// Waits until `sock` is ready for `events`; false at `deadline`, on an error or hang-up alone, or once `stopping`.
template <class Stopping>
bool wait_ready(int sock, short events, Clock::time_point deadline, const Stopping& stopping) {
  for (;;) {
    if (stopping()) return false;
    const auto now = Clock::now();
    if (now >= deadline) return false;
    const auto slice = std::min<Clock::duration>(deadline - now, kStopCheck);
    pollfd entry{.fd = sock, .events = events, .revents = 0};
    const int ready =
        ::poll(&entry, 1, static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(slice).count()));
    if (ready < 0 && errno != EINTR) return false;
    if (ready > 0) return (entry.revents & (events | POLLHUP | POLLERR)) != 0;
  }
}

std::string address_text(const sockaddr_storage& address, int& port) {
  std::array<char, INET6_ADDRSTRLEN> text{};
  port = 0;
  if (address.ss_family == AF_INET) {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(address);
    ::inet_ntop(AF_INET, &v4.sin_addr, text.data(), text.size());
    port = ntohs(v4.sin_port);
  } else if (address.ss_family == AF_INET6) {
    const auto& v6 = reinterpret_cast<const sockaddr_in6&>(address);
    ::inet_ntop(AF_INET6, &v6.sin6_addr, text.data(), text.size());
    port = ntohs(v6.sin6_port);
  }
  return text.data();
}

std::string peer_address(int sock, int& port) {
  sockaddr_storage address{};
  socklen_t length = sizeof(address);
  if (::getpeername(sock, reinterpret_cast<sockaddr*>(&address), &length) != 0) return {};
  return address_text(address, port);
}

std::string local_address(int sock, int& port) {
  sockaddr_storage address{};
  socklen_t length = sizeof(address);
  if (::getsockname(sock, reinterpret_cast<sockaddr*>(&address), &length) != 0) return {};
  return address_text(address, port);
}

// One request's reading and writing on a connection: reads end at the request's
// deadline, writes wait at most the write timeout each; both end when the server stops.
class DeadlineStream : public httplib::Stream {
 public:
  DeadlineStream(int sock, Clock::time_point read_deadline, Clock::duration write_timeout,
                 const std::atomic<socket_t>& server_socket)
      : sock_(sock), read_deadline_(read_deadline), write_timeout_(write_timeout), server_socket_(server_socket) {}

  [[nodiscard]] bool is_readable() const override {
    return wait_ready(sock_, POLLIN, read_deadline_, [this] { return stopping(); });
  }
  [[nodiscard]] bool is_writable() const override {
    return wait_ready(sock_, POLLOUT, Clock::now() + write_timeout_, [this] { return stopping(); });
  }

  ssize_t read(char* ptr, size_t size) override {
    if (next_ == end_) {
      if (!is_readable()) return -1;
      const ssize_t n = ::recv(sock_, buffer_.data(), buffer_.size(), 0);
      if (n <= 0) return n;
      next_ = 0;
      end_ = static_cast<std::size_t>(n);
    }
    const std::size_t count = std::min(size, end_ - next_);
    std::memcpy(ptr, buffer_.data() + next_, count);
    next_ += count;
    return static_cast<ssize_t>(count);
  }

  ssize_t write(const char* ptr, size_t size) override {
    if (!is_writable()) return -1;
    return ::send(sock_, ptr, size, MSG_NOSIGNAL);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override { ip = peer_address(sock_, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { ip = local_address(sock_, port); }
  [[nodiscard]] socket_t socket() const override { return sock_; }

 private:
  [[nodiscard]] bool stopping() const { return server_socket_.load() == INVALID_SOCKET; }

  int sock_;
  Clock::time_point read_deadline_;
  Clock::duration write_timeout_;
  const std::atomic<socket_t>& server_socket_;
  std::array<char, 4096> buffer_{};
  std::size_t next_ = 0;
  std::size_t end_ = 0;
};

void close_connection(int sock) {
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
}

// The answer to a connection over its client's bound, written before anything is read.
void refuse(int sock, unsigned bound, Clock::duration write_timeout) {
  catalogue::Json error = catalogue::Json::object();
  error["error"] = fmt::format("too many connections from this address: at most {} at once", bound);
  const std::string body = catalogue::json_text(error);
  const std::string answer = fmt::format(
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\n"
      "Retry-After: 1\r\nConnection: close\r\n\r\n{}",
      body.size(), body);
  if (wait_ready(sock, POLLOUT, Clock::now() + write_timeout, [] { return false; })) {
    (void)::send(sock, answer.data(), answer.size(), MSG_NOSIGNAL);
  }
}

}  // namespace

GuardedServer::GuardedServer(const ConnectionLimits& limits) : limits_(limits) {
  const unsigned threads = std::max(1u, limits_.threads);
  new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
}

bool GuardedServer::admit(const std::string& client) {
  std::lock_guard lock(mutex_);
  unsigned& held = connections_[client];
  if (held >= limits_.per_client) {
    if (held == 0) connections_.erase(client);
    return false;
  }
  ++held;
  return true;
}

void GuardedServer::release(const std::string& client) {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(client);
  if (it != connections_.end() && --it->second == 0) connections_.erase(it);
}

bool GuardedServer::process_and_close_socket(socket_t sock) {
  const auto write_timeout = std::chrono::seconds(write_timeout_sec_) + std::chrono::microseconds(write_timeout_usec_);
  int port = 0;
  const std::string client = peer_address(sock, port);
  if (!admit(client)) {
    refuse(sock, limits_.per_client, write_timeout);
    close_connection(sock);
    return false;
  }
  const auto stopping = [this] { return svr_sock_.load() == INVALID_SOCKET; };
  bool ok = false;
  // As cpp-httplib's own loop: up to keep_alive_max_count_ requests, each awaited for the keep-alive time.
  for (std::size_t left = keep_alive_max_count_; left > 0; --left) {
    if (!wait_ready(sock, POLLIN, Clock::now() + std::chrono::seconds(keep_alive_timeout_sec_), stopping)) break;
    DeadlineStream stream(sock, Clock::now() + clock_duration(limits_.read_time), write_timeout, svr_sock_);
    bool closed_by_client = false;
    ok = process_request(stream, left == 1, closed_by_client, nullptr);
    if (!ok || closed_by_client) break;
  }
  release(client);
  close_connection(sock);
  return ok;
}

}  // namespace grundy::cli

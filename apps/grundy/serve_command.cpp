// The HTTP side of `grundy serve`: routes, the page's embedded files, the bounds
// from the command line (of requests, of the queue for computing slots, of
// connections: http_connections.hpp), and a clean stop on SIGINT/SIGTERM (a thread waits for
// the signal with sigwait, sets the stop flag that ends running computations,
// and stops the server, since nothing of that is safe in a signal handler).
#include "serve_command.hpp"

#include <fcntl.h>
#include <httplib.h>
#include <pthread.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <memory>
#include <thread>

#include "embedded_files.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "http_connections.hpp"
#include "web_api.hpp"

namespace grundy::cli {

namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string request_time = "10";
  std::string request_memory = "1G";
  unsigned max_solves = 0;  // 0: the number of cores
  int queue = -1;           // -1: kQueuePerSlot per computing slot
  std::string queue_wait = "2";
  std::string read_time = "10";
  unsigned client_connections = 16;
};

// Requests that may wait for a computing slot, per slot, unless --queue says otherwise.
constexpr unsigned kQueuePerSlot = 4;

std::atomic<bool> g_stopping{false};

void send(httplib::Response& response, const ApiAnswer& answer) {
  response.status = answer.status;
  if (answer.retry_after_seconds > 0) response.set_header("Retry-After", std::to_string(answer.retry_after_seconds));
  response.set_content(answer.body, answer.content_type.c_str());
}

ApiLimits limits_of(const ServeOptions& options) {
  ApiLimits limits;
  limits.request_seconds = parse_seconds(options.request_time, "--request-time", "0 for no limit", 1e6);
  limits.request_memory = MemoryBudget::parse(options.request_memory).bytes();
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  limits.max_concurrent = options.max_solves == 0 ? cores : options.max_solves;
  limits.max_queued = options.queue < 0 ? std::size_t{kQueuePerSlot} * limits.max_concurrent
                                        : static_cast<std::size_t>(options.queue);
  limits.queue_seconds = parse_seconds(options.queue_wait, "--queue-wait", "for example 2 or 0.5", 3600);
  return limits;
}

ConnectionLimits connection_limits_of(const ServeOptions& options) {
  ConnectionLimits limits;
  const double read_seconds = parse_seconds(options.read_time, "--read-time", "for example 10", 3600);
  if (read_seconds <= 0) throw InputError("--read-time: give a time above 0 seconds (for example 10)");
  limits.read_time = std::chrono::duration<double>(read_seconds);
  limits.per_client = options.client_connections;
  // Enough threads that the connections a few stalled clients may hold leave room for everyone else.
  limits.threads = std::clamp(4 * options.client_connections, 64u, 1024u);
  return limits;
}

void serve_page(const httplib::Request& request, httplib::Response& response) {
  const EmbeddedFile* file = find_embedded_file(request.path);
  if (file == nullptr) {
    send(response, api_error(404, "no such page"));
    return;
  }
  std::string type(file->mime);
  if (type.rfind("text/", 0) == 0) type += "; charset=utf-8";
  response.set_content(std::string(file->bytes), type.c_str());
}

// cpp-httplib compresses with Brotli at its highest quality when a client accepts it: about 20 s for the page's
// 550 KB script on a busy 2-core machine, where gzip takes 0.4 s for 18% more bytes. So answers are gzipped:
// "br" is dropped from what the client accepts before the answer is written.
httplib::Server::HandlerResponse prefer_gzip(const httplib::Request& request, httplib::Response&) {
  auto& headers = const_cast<httplib::Headers&>(request.headers);  // the server's own request, not a const object
  const auto [first, last] = headers.equal_range("Accept-Encoding");
  for (auto it = first; it != last; ++it) {
    std::string accepted;
    for (std::size_t start = 0; start <= it->second.size();) {
      const std::size_t end = std::min(it->second.find(',', start), it->second.size());
      const std::string coding = it->second.substr(start, end - start);
      if (coding.find("br") == std::string::npos) accepted += (accepted.empty() ? "" : ",") + coding;
      start = end + 1;
    }
    it->second = accepted;
  }
  return httplib::Server::HandlerResponse::Unhandled;
}

void add_routes(httplib::Server& server, WebApi& api) {
  server.set_pre_routing_handler(prefer_gzip);
  server.Get("/api/games",
             [&api](const httplib::Request&, httplib::Response& response) { send(response, api.games()); });
  server.Post(R"(/api/([a-z]+))", [&api](const httplib::Request& request, httplib::Response& response) {
    send(response, api.post(request.matches[1].str(), request.body));
  });
  server.Get("/api/plot", [&api](const httplib::Request& request, httplib::Response& response) {
    std::multimap<std::string, std::string> query(request.params.begin(), request.params.end());
    send(response, api.plot(query));
  });
  server.Get(R"(/api/(.*))", [](const httplib::Request& request, httplib::Response& response) {
    const std::string name = request.matches[1].str();
    if (WebApi::is_endpoint(name)) {
      send(response, api_error(405, "use POST with a JSON body for this endpoint (GET: /api/games, /api/plot)"));
    } else {
      send(response, api_error(404, fmt::format("no such endpoint: /api/{}", name.substr(0, 40))));
    }
  });
  server.Get(R"(/.*)", serve_page);
  server.set_error_handler([](const httplib::Request&, httplib::Response& response) {
    if (!response.body.empty()) return;
    const char* message = response.status == 413 ? "request: the body is over the server's bound" : "no such page";
    send(response, api_error(response.status, message));
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
    send(response, api_error(500, "internal error"));
  });
}

// SIGINT and SIGTERM go to a thread that stops the server; blocked everywhere else.
void stop_on_signals(httplib::Server& server) {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::thread([signals, &server] {
    int received = 0;
    sigwait(&signals, &received);
    g_stopping.store(true);
    server.stop();
  }).detach();
}

void serve(const ServeOptions& options) {
  const ApiLimits limits = limits_of(options);
  const ConnectionLimits connections = connection_limits_of(options);
  std::signal(SIGPIPE, SIG_IGN);  // a client gone away is a failed write, not the end of the server
  // No request may read the server's standard input.
  const int null_fd = ::open("/dev/null", O_RDONLY);
  if (null_fd >= 0) {
    ::dup2(null_fd, STDIN_FILENO);
    ::close(null_fd);
  }
  WebApi api(limits, &g_stopping);
  GuardedServer server(connections);
  server.set_payload_max_length(limits.max_body);
  server.set_keep_alive_timeout(2);
  add_routes(server, api);
  stop_on_signals(server);
  const int port = options.port == 0 ? server.bind_to_any_port(options.host)
                                     : (server.bind_to_port(options.host, options.port) ? options.port : -1);
  if (port < 0) {
    throw InputError(
        fmt::format("--host {} --port {}: cannot listen there (in use, or not an address of this "
                    "machine)",
                    options.host, options.port));
  }
  const bool v6 = options.host.find(':') != std::string::npos;
  std::printf("grundy serve: listening on http://%s%s%s:%d/ (Ctrl-C stops)\n", v6 ? "[" : "", options.host.c_str(),
              v6 ? "]" : "", port);
  std::fflush(stdout);
  server.listen_after_bind();
  std::printf("grundy serve: stopped\n");
  std::fflush(stdout);
}

}  // namespace

void add_serve_command(CLI::App& app, GlobalOptions&) {
  auto options = std::make_shared<ServeOptions>();
  CLI::App* command = app.add_subcommand("serve", "the playground page and its JSON API on a local web server");
  command->add_option("--port", options->port, "port to listen on (0: any free port; default 8080)")
      ->check(CLI::Range(0, 65535))
      ->type_name("P");
  command->add_option("--host", options->host, "address to listen on (default 127.0.0.1: this machine only)")
      ->type_name("H");
  command
      ->add_option("--request-time", options->request_time,
                   "compute budget of one request in seconds (default 10; 0: none)")
      ->type_name("SECONDS");
  command->add_option("--request-memory", options->request_memory, "memory budget of one request (default 1G)")
      ->type_name("SIZE");
  command
      ->add_option("--max-solves", options->max_solves,
                   "computations at once; more get HTTP 503 (default: the number of cores)")
      ->check(CLI::Range(1u, 1024u))
      ->type_name("N");
  command
      ->add_option("--queue", options->queue,
                   fmt::format("requests that may wait for a computation to end when all are running; more get "
                               "HTTP 503 at once (default {} per computation; 0: none)",
                               kQueuePerSlot))
      ->check(CLI::Range(0, 100000))
      ->type_name("N");
  command
      ->add_option("--queue-wait", options->queue_wait,
                   "the longest a request waits in that queue before HTTP 503 (default 2)")
      ->type_name("SECONDS");
  command
      ->add_option("--read-time", options->read_time,
                   "time a connection has to send a whole request, headers and body (default 10)")
      ->type_name("SECONDS");
  command
      ->add_option("--client-connections", options->client_connections,
                   "connections of one client address at once; more get HTTP 503 at once (default 16)")
      ->check(CLI::Range(1u, 1024u))
      ->type_name("N");
  command->footer(
      "Bounds of every request: body 1 MiB; position 1000 components of at most 100000 characters; "
      "tables and plots up to n = 10^6; at most 10000 listed moves or options. docs/api.md describes "
      "the API.\nExample: grundy serve --port 8080, then open http://127.0.0.1:8080/");
  command->callback([options] { serve(*options); });
}

}  // namespace grundy::cli

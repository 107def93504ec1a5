// The HTTP side of `grundy serve`: routes, the page's embedded files, the bounds
// from the command line, and a clean stop on SIGINT/SIGTERM (a thread waits for
// the signal with sigwait, sets the stop flag that ends running computations,
// and stops the server, since nothing of that is safe in a signal handler).
#include "serve_command.hpp"

#include <fcntl.h>
#include <httplib.h>
#include <pthread.h>
#include <unistd.h>

#include <fmt/format.h>
#include <csignal>
#include <cstdio>
#include <memory>
#include <thread>

#include "embedded_files.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "web_api.hpp"

namespace grundy::cli {

namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string request_time = "10";
  std::string request_memory = "1G";
  unsigned max_solves = 0;  // 0: the number of cores
};

std::atomic<bool> g_stopping{false};

void send(httplib::Response& response, const ApiAnswer& answer) {
  response.status = answer.status;
  response.set_content(answer.body, answer.content_type.c_str());
}

ApiLimits limits_of(const ServeOptions& options) {
  ApiLimits limits;
  limits.request_seconds = parse_seconds(options.request_time, "--request-time", "0 for no limit", 1e6);
  limits.request_memory = MemoryBudget::parse(options.request_memory).bytes();
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  limits.max_concurrent = options.max_solves == 0 ? cores : options.max_solves;
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

void add_routes(httplib::Server& server, WebApi& api) {
  server.Get("/api/games",
             [&api](const httplib::Request&, httplib::Response& response) { send(response, api.games()); });
  server.Post(R"(/api/([a-z]+))", [&api](const httplib::Request& request, httplib::Response& response) {
    send(response, api.post(request.matches[1].str(), request.body));
  });
  server.Get("/api/plot", [&api](const httplib::Request& request, httplib::Response& response) {
    std::multimap<std::string, std::string> query(request.params.begin(), request.params.end());
    send(response, api.plot(query));
  });
  server.Get(R"(/api/.*)", [](const httplib::Request& request, httplib::Response& response) {
    send(response, api_error(request.path.rfind("/api/", 0) == 0 && request.path != "/api/" ? 405 : 404,
                             "use POST with a JSON body for this endpoint (GET: /api/games)"));
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
  std::signal(SIGPIPE, SIG_IGN);  // a client gone away is a failed write, not the end of the server
  // No request may read the server's standard input.
  const int null_fd = ::open("/dev/null", O_RDONLY);
  if (null_fd >= 0) {
    ::dup2(null_fd, STDIN_FILENO);
    ::close(null_fd);
  }
  WebApi api(limits, &g_stopping);
  httplib::Server server;
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
  command->footer(
      "Bounds of every request: body 1 MiB; position 1000 components of at most 100000 characters; "
      "tables and plots up to n = 10^6; at most 10000 listed moves or options. docs/api.md describes "
      "the API.\nExample: grundy serve --port 8080, then open http://127.0.0.1:8080/");
  command->callback([options] { serve(*options); });
}

}  // namespace grundy::cli

// `grundy census`: every octal (or hexadecimal) game with up to D code digits,
// computed on every core, classified, proven and grouped into classes of
// equivalent games (heap/census.hpp), with a resumable row file.
#include <fmt/format.h>

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>

#include "game_commands.hpp"
#include "grundy/catalogue/census_file.hpp"
#include "grundy/catalogue/census_report.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/heap/census_classes.hpp"
#include "grundy/heap/census_processes.hpp"
#include "grundy/heap/census_run.hpp"
#include "grundy/heap/process_group.hpp"

namespace grundy::cli {

namespace {

struct CensusArguments {
  std::string digits = "3";
  std::string first = "0,4";
  bool hex = false;
  std::string upto = "1048576";
  std::string time;
  std::string output;
  std::string resume;
  std::string format;
  std::string threads;
};

constexpr std::uint64_t kMaxCensusUpto = std::uint64_t{1} << 36;
constexpr double kDefaultGameSeconds = 30;

std::vector<unsigned> parse_first_digits(const std::string& text) {
  std::vector<unsigned> digits;
  std::size_t begin = 0;
  while (true) {
    const std::size_t comma = text.find(',', begin);
    const std::string item = text.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin);
    if (item.size() != 1 || std::isxdigit(static_cast<unsigned char>(item[0])) == 0) {
      throw InputError(fmt::format("--first: '{}' is not a list of first code digits such as 0,4", text));
    }
    digits.push_back(static_cast<unsigned>(std::stoul(item, nullptr, 16)));
    if (comma == std::string::npos) break;
    begin = comma + 1;
  }
  return digits;
}

heap::CensusSpec census_spec(const CensusArguments& args, const GlobalOptions& options) {
  heap::CensusSpec spec;
  spec.digits = static_cast<unsigned>(parse_count(args.digits, "--digits", 1000));
  spec.first = parse_first_digits(args.first);
  spec.hex = args.hex;
  spec.upto = parse_count(args.upto, "--upto", kMaxCensusUpto);
  const std::string& time = args.time.empty() ? options.time : args.time;
  spec.seconds = time.empty() ? kDefaultGameSeconds
                              : parse_seconds(time, "--time", "each game's seconds, for example 10; 0 for no limit", 1e9);
  heap::check_census_spec(spec);
  return spec;
}

std::string duration_text(double seconds) {
  if (seconds < 60) return fmt::format("{:.0f} s", seconds);
  if (seconds < 3600) return fmt::format("{} min {} s", static_cast<int>(seconds / 60), static_cast<int>(seconds) % 60);
  return fmt::format("{} h {} min", static_cast<int>(seconds / 3600), static_cast<int>(seconds / 60) % 60);
}

std::string progress_line(const heap::CensusProgress& p) {
  std::string line = fmt::format("census: {} of {} games, {} unsolved", p.done, p.total, p.unsolved);
  if (!p.longest_code.empty()) line += fmt::format(", longest {} ({:.1f} s)", p.longest_code, p.longest_seconds);
  if (p.eta_seconds >= 0) line += ", ETA " + duration_text(p.eta_seconds);
  return line;
}

// Draws the run's progress every half second until destroyed.
class ProgressDrawer {
 public:
  ProgressDrawer(const heap::CensusRun& run, const catalogue::Context& context) {
    if (!context.progress || !context.on_progress) return;
    thread_ = std::thread([this, &run, draw = context.on_progress] {
      std::unique_lock lock(mutex_);
      while (!finished_) {
        draw(progress_line(run.progress()));
        wake_.wait_for(lock, std::chrono::milliseconds(500));
      }
      draw("");
    });
  }
  ~ProgressDrawer() {
    {
      std::lock_guard lock(mutex_);
      finished_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  ProgressDrawer(const ProgressDrawer&) = delete;
  ProgressDrawer& operator=(const ProgressDrawer&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  std::thread thread_;
};

bool non_empty_file(const std::string& path) {
  std::error_code error;
  return std::filesystem::exists(path, error) && std::filesystem::file_size(path, error) > 0;
}

// Under grundy-mpi: every game's table is one rank's (the ranks share the
// games, not a table's blocks), so the group that shares blocks rests meanwhile.
class ProcessGroupAside {
 public:
  ProcessGroupAside() : group_(heap::process_group()) { heap::set_process_group(nullptr); }
  ~ProcessGroupAside() { heap::set_process_group(group_); }
  ProcessGroupAside(const ProcessGroupAside&) = delete;
  ProcessGroupAside& operator=(const ProcessGroupAside&) = delete;

 private:
  heap::ProcessGroup* group_;
};

// A rank but 0: computes the games rank 0 deals it; rank 0 writes and reports.
void compute_dealt_games(const heap::CensusSpec& spec, std::vector<heap::HeapRules> games, unsigned threads,
                         const catalogue::Context& context, heap::CensusProcesses& processes, bool& dealing) {
  std::vector<bool> done(games.size(), false);
  StopOnSignals signals;
  heap::CensusRun run(spec, std::move(games), std::move(done), 0);
  dealing = true;
  run.run(threads, context.stop, [](std::size_t, heap::CensusRow&&) {}, &processes);
  if (run.halted()) throw Interrupted("census stopped");
}

void run_census(const CensusArguments& args, const GlobalOptions& options, heap::CensusProcesses* processes,
                bool& dealing) {
  std::string format = args.format.empty() ? (options.json ? "json" : "text") : args.format;
  if (options.json && format != "json") {
    throw InputError(fmt::format("census: --json prints JSON; it cannot be combined with --format {}", format));
  }
  const heap::CensusSpec spec = census_spec(args, options);
  unsigned threads = std::max(std::thread::hardware_concurrency(), 1U);
  if (!args.threads.empty()) {
    threads = static_cast<unsigned>(parse_count(args.threads, "--threads", 256));
    if (threads == 0) throw InputError("--threads: must be at least 1");
  }
  const catalogue::Context context = make_context(GlobalOptions{.json = options.json, .memory = options.memory,
                                                                .time = "0", .quiet = options.quiet},
                                                  0);
  // Each thread holds one table of at most upto + 1 values of 32 bits.
  context.memory.require((spec.upto + 1) * 4 * threads,
                         fmt::format("{} tables g(0..{}) (one per thread)", threads, spec.upto));
  std::vector<heap::HeapRules> games = heap::census_games(spec);
  if (processes != nullptr && processes->rank() != 0) {
    compute_dealt_games(spec, std::move(games), threads, context, *processes, dealing);
    return;
  }

  std::vector<std::optional<heap::CensusRow>> rows(games.size());
  const std::string output = args.output.empty() ? args.resume : args.output;
  if (!args.resume.empty()) {
    rows = catalogue::read_census_file(args.resume, "--resume", spec, games);
  } else if (!output.empty() && non_empty_file(output)) {
    throw InputError(fmt::format("--output {}: the file exists; continue its census with --resume {} or remove it",
                                 output, output));
  }
  auto rows_in_order = [&rows] {
    std::vector<const heap::CensusRow*> list;
    for (const auto& row : rows) {
      if (row) list.push_back(&*row);
    }
    return list;
  };
  // The file starts as the rows known (dropping a torn last line of a resumed one).
  if (!output.empty()) catalogue::write_census_file(output, "--output", spec, rows_in_order());

  std::vector<bool> done(games.size());
  std::size_t unsolved = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    done[i] = rows[i].has_value();
    if (rows[i] && rows[i]->status == heap::CensusStatus::unsolved) ++unsolved;
  }
  StopOnSignals signals;
  const auto start = std::chrono::steady_clock::now();
  heap::CensusRun run(spec, games, done, unsolved);
  {
    std::unique_ptr<catalogue::CensusAppender> appender;
    if (!output.empty()) appender = std::make_unique<catalogue::CensusAppender>(output, "--output");
    ProgressDrawer drawer(run, context);
    dealing = true;
    run.run(
        threads, context.stop,
        [&](std::size_t game, heap::CensusRow&& row) {
          if (appender) appender->append(row);
          rows[game] = std::move(row);
        },
        processes);
  }
  const std::size_t finished = static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [](const auto& r) {
    return r.has_value();
  }));
  if (finished < games.size()) {
    throw Interrupted(output.empty()
                          ? fmt::format("census interrupted with {} of {} games done; nothing kept (use --output FILE "
                                        "to keep finished games)",
                                        finished, games.size())
                          : fmt::format("census interrupted with {} of {} games done; their rows are in {} (continue "
                                        "with --resume {})",
                                        finished, games.size(), output, output));
  }
  // Complete: the file in census order, so every run of a census writes the same rows in the same order.
  if (!output.empty()) catalogue::write_census_file(output, "--output", spec, rows_in_order());
  catalogue::CensusResult result;
  result.spec = spec;
  for (auto& row : rows) result.rows.push_back(std::move(*row));
  result.same = heap::census_classes(result.rows);
  result.threads = threads;
  result.ranks = processes != nullptr ? processes->size() : 1;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (format == "json") write_out(catalogue::census_json(result).dump() + "\n");
  else if (format == "markdown") write_out(catalogue::census_markdown(result));
  else if (format == "csv") write_out(catalogue::census_csv(result));
  else write_out(catalogue::census_text(result));
}

void run_census_command(const CensusArguments& args, const GlobalOptions& options) {
  heap::CensusProcesses* processes = heap::census_processes();
  if (processes == nullptr) {
    bool dealing = false;
    run_census(args, options, nullptr, dealing);
    return;
  }
  const ProcessGroupAside aside;
  bool dealing = false;
  try {
    run_census(args, options, processes, dealing);
  } catch (const std::exception& e) {
    // Failed before the games were dealt: no other rank may wait for this one.
    if (!dealing) heap::abandon_census(*processes, e.what(), dynamic_cast<const Error*>(&e) == nullptr);
    throw;
  }
}

}  // namespace

void add_census_command(CLI::App& app, GlobalOptions& options) {
  CLI::App* command = app.add_subcommand(
      "census", "every octal (or hexadecimal) game with up to D code digits: classified, proven and grouped");
  auto args = std::make_shared<CensusArguments>();
  command->add_option("--digits", args->digits, "code digits after the point, 1 to 8 (default 3)")->type_name("D");
  command->add_option("--first", args->first, "the first digits, a comma-separated list (default 0,4; 8 and c with --hex)")
      ->type_name("LIST");
  command->add_flag("--hex", args->hex, "hexadecimal codes: digits 0-f");
  command->add_option("--upto", args->upto, "compute each game to g(N) or its proven period (default 1048576)")
      ->type_name("N");
  command->add_option("--time", args->time, "each game's compute budget in CPU seconds (default 30; 0: none); the bound "
                                            "reached is reported")
      ->type_name("SECONDS");
  command->add_option("--output", args->output, "write each finished game's row here as it finishes (JSON Lines)")
      ->type_name("FILE");
  command->add_option("--resume", args->resume, "skip the games whose rows FILE holds (same options), appending to it")
      ->type_name("FILE");
  command->add_option("--format", args->format, "text (default), markdown, json or csv")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"text", "markdown", "json", "csv"}));
  command->add_option("--threads", args->threads, "games computed at once (default: every core)")->type_name("T");
  command->footer("Example: grundy census --digits 2 --upto 4096 --format markdown\n"
                  "Statuses: trivial (a period proven from g(0..1000)), solved (proven later), arithmetic (an "
                  "arithmetic period proven), unsolved (none up to the bound).");
  command->callback([&options, args] { run_census_command(*args, options); });
}

}  // namespace grundy::cli

// How long a cache line takes to go from one core to another and back: two
// threads, pinned to two processors, hand a counter to each other. A virtual
// machine's processors may sit on cores that share a cache or on cores that
// do not, and the host may move them between the two placements from one
// minute to the next; a thread team, whose members hand each other lines at
// every block, runs at a different speed in each. Benchmarks of teams print
// this beside their times (bench/team_ceiling.sh) so that runs are compared
// within one placement. Usage: core_round_trip [CPU_A CPU_B] (default 0 1).
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <string_view>
#include <thread>

namespace {

constexpr int kTrips = 100000;
constexpr int kTries = 5;

bool pin_to(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
}

// One try: the nanoseconds of a round trip, on average over kTrips (-1: a processor could not be used).
double round_trip(int cpu_a, int cpu_b) {
  alignas(64) std::atomic<int> turn{0};
  alignas(64) std::atomic<int> partner_pinned{0};  // 1 pinned, -1 could not be
  if (!pin_to(cpu_a)) return -1;
  std::thread partner([&] {
    const bool pinned = pin_to(cpu_b);
    partner_pinned.store(pinned ? 1 : -1, std::memory_order_release);
    if (!pinned) return;
    for (int i = 0; i < kTrips; ++i) {
      while (turn.load(std::memory_order_acquire) != 2 * i + 1) {
      }
      turn.store(2 * i + 2, std::memory_order_release);
    }
  });
  while (partner_pinned.load(std::memory_order_acquire) == 0) std::this_thread::yield();
  if (partner_pinned.load() < 0) {
    partner.join();
    return -1;
  }
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kTrips; ++i) {
    turn.store(2 * i + 1, std::memory_order_release);
    while (turn.load(std::memory_order_acquire) != 2 * i + 2) {
    }
  }
  const auto end = std::chrono::steady_clock::now();
  partner.join();
  return std::chrono::duration<double, std::nano>(end - start).count() / kTrips;
}

bool parse_cpu(std::string_view text, int& cpu) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), cpu);
  return error == std::errc{} && end == text.data() + text.size() && cpu >= 0 && cpu < CPU_SETSIZE;
}

}  // namespace

int main(int argc, char** argv) {
  int cpu_a = 0;
  int cpu_b = 1;
  if (argc != 1 && (argc != 3 || !parse_cpu(argv[1], cpu_a) || !parse_cpu(argv[2], cpu_b) || cpu_a == cpu_b)) {
    std::fprintf(stderr, "usage: core_round_trip [CPU_A CPU_B] (two different processor numbers)\n");
    return 2;
  }
  std::array<double, kTries> tries{};
  for (double& nanoseconds : tries) {
    nanoseconds = round_trip(cpu_a, cpu_b);
    if (nanoseconds < 0) {
      std::fprintf(stderr, "core_round_trip: processors %d and %d cannot both be used here\n", cpu_a, cpu_b);
      return 2;
    }
  }
  // The median try: a try the host interrupted is not the placement's figure.
  std::nth_element(tries.begin(), tries.begin() + kTries / 2, tries.end());
  std::printf("%.0f\n", tries[kTries / 2]);
  return 0;
}

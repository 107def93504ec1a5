// A memory budget: searches and tables ask before they grow, and a request over
// the budget becomes a BudgetExceeded error instead of an out-of-memory kill.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace grundy {

class MemoryBudget {
 public:
  /// The default budget: 8 GiB, a third of this project's reference machine.
  static constexpr std::uint64_t kDefaultBytes = std::uint64_t{8} << 30;

  constexpr MemoryBudget() = default;
  constexpr explicit MemoryBudget(std::uint64_t bytes) : bytes_(bytes) {}

  [[nodiscard]] constexpr std::uint64_t bytes() const { return bytes_; }

  /// Throws BudgetExceeded, naming `what`, when `needed` bytes exceed the budget.
  void require(std::uint64_t needed, std::string_view what) const;

  /// Parses "512M", "4G", "1.5G", "100000" (bytes); throws InputError on bad text.
  static MemoryBudget parse(std::string_view text);

 private:
  std::uint64_t bytes_ = kDefaultBytes;
};

/// "1.5 GiB", "300 MiB", "12 KiB" or "17 B".
std::string format_bytes(std::uint64_t bytes);

}  // namespace grundy

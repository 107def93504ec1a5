// A catalogue entry made of its description and a function that builds the
// instance: what every game file of the catalogue defines (private to src/catalogue).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <memory>
#include <utility>

#include "grundy/catalogue/entry.hpp"

namespace grundy::catalogue {

class FunctionEntry final : public Entry {
 public:
  using Maker = std::function<std::unique_ptr<Instance>(const GameInfo&, const RuleValues&, const Context&)>;
  FunctionEntry(GameInfo info, Maker maker) : info_(std::move(info)), maker_(std::move(maker)) {}
  [[nodiscard]] const GameInfo& info() const override { return info_; }
  [[nodiscard]] std::unique_ptr<Instance> make(const RuleValues& rules, const Context& context) const override {
    return maker_(info_, rules, context);
  }

 private:
  GameInfo info_;
  Maker maker_;
};

/// The table g(0..upto) of a game whose values come one by one from `value(n)`.
template <class Value>
TableResult values_table(std::string game, std::uint64_t upto, Value&& value) {
  TableResult result{.game = std::move(game), .upto = upto};
  result.values.reserve(upto + 1);
  for (std::uint64_t n = 0; n <= upto; ++n) result.values.push_back(value(n));
  return result;
}

/// The value of a rule option, or `fallback` when it was not given.
inline std::string rule_value(const RuleValues& rules, const std::string& name, const std::string& fallback = "") {
  const auto it = rules.find(name);
  return it == rules.end() ? fallback : it->second;
}

}  // namespace grundy::catalogue

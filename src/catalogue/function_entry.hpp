// A catalogue entry made of its description and a function that builds the
// instance: what every game file of the catalogue defines (private to src/catalogue).
#pragma once

#include <functional>
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

/// The value of a rule option, or `fallback` when it was not given.
inline std::string rule_value(const RuleValues& rules, const std::string& name, const std::string& fallback = "") {
  const auto it = rules.find(name);
  return it == rules.end() ? fallback : it->second;
}

}  // namespace grundy::catalogue

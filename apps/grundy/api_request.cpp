#include "api_request.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <filesystem>

#include "grundy/catalogue/catalogue.hpp"
#include "grundy/core/errors.hpp"

namespace grundy::cli {

namespace {

using catalogue::Json;
using catalogue::RuleOption;

bool names_file(const RuleOption& option) { return option.value_name == "FILE"; }

// The option called `key`, with or without its leading dashes ("set" is "--set").
const RuleOption* find_rule(const catalogue::GameInfo& info, const std::string& key) {
  for (const RuleOption& option : info.rule_options) {
    std::string bare = option.name;
    bare.erase(0, bare.find_first_not_of('-'));
    if (option.name == key || bare == key) return &option;
  }
  return nullptr;
}

std::string rule_value(const std::string& key, const Json& value, const RuleOption& option) {
  if (option.kind == RuleOption::Kind::flag) {
    if (value.is_boolean()) return value.get<bool>() ? "true" : "";
    if (value == "true" || value == "false") return value == "true" ? "true" : "";
    throw InputError(fmt::format("rules: '{}' is a flag; give true or false", key));
  }
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return value.dump();
  throw InputError(fmt::format("rules: '{}' needs a text or a whole number", key));
}

catalogue::RuleValues read_rules(const Json& body, const catalogue::GameInfo& info) {
  catalogue::RuleValues rules;
  if (!body.contains("rules") || body["rules"].is_null()) return rules;
  const Json& given = body["rules"];
  if (!given.is_object()) throw InputError("rules: expected an object {option: value}");
  for (const auto& [key, value] : given.items()) {
    const RuleOption* option = find_rule(info, key);
    if (option == nullptr) throw InputError(fmt::format("rules: '{}' is not a rule option of {}", key, info.name));
    if (names_file(*option)) {
      throw InputError(fmt::format("rules: '{}' names a file; send the file's text as \"input\"", key));
    }
    std::string text = rule_value(key, value, *option);
    if (!text.empty()) rules[option->name] = std::move(text);
  }
  for (const RuleOption& option : info.rule_options) {
    if (option.required && !names_file(option) && !rules.contains(option.name)) {
      throw InputError(fmt::format("rules: {} needs '{}' ({})", info.name, option.name, option.value_name));
    }
  }
  return rules;
}

std::string component_text(const Json& component, std::size_t index) {
  if (component.is_string()) return component.get<std::string>();
  if (component.is_number_integer()) return component.dump();
  throw InputError(fmt::format("position: component {} is not a text", index + 1));
}

std::vector<std::string> read_position(const Json& body, const ApiLimits& limits) {
  std::vector<std::string> position;
  if (!body.contains("position") || body["position"].is_null()) return position;
  const Json& given = body["position"];
  if (!given.is_array()) throw InputError("position: expected an array of component texts");
  if (given.size() > limits.max_components) {
    throw InputError(fmt::format("position: {} components; at most {}", given.size(), limits.max_components));
  }
  for (std::size_t i = 0; i < given.size(); ++i) {
    std::string text = component_text(given[i], i);
    if (text.size() > limits.max_component_chars) {
      throw InputError(fmt::format("position: component {} has {} characters; at most {}", i + 1, text.size(),
                                   limits.max_component_chars));
    }
    position.push_back(std::move(text));
  }
  return position;
}

// Games that read a FILE would read the server's own files or its standard input
// for a component that names one: refused, so only what the request sends is read.
void refuse_file_names(const std::vector<std::string>& position) {
  for (std::size_t i = 0; i < position.size(); ++i) {
    struct stat info {};
    if (position[i] == "-" || position[i].empty() || ::stat(position[i].c_str(), &info) == 0) {
      throw InputError(fmt::format("position: component {} is not a position; send a file's text as \"input\"", i + 1));
    }
  }
}

}  // namespace

const RuleOption* file_rule_option(const catalogue::GameInfo& info) {
  const auto it = std::find_if(info.rule_options.begin(), info.rule_options.end(), [](const RuleOption& option) {
    return names_file(option) && option.kind == RuleOption::Kind::positional;
  });
  return it == info.rule_options.end() ? nullptr : &*it;
}

InputUse input_use(const catalogue::GameInfo& info) {
  if (file_rule_option(info) != nullptr) return InputUse::rule;
  return info.reads_input ? InputUse::position : InputUse::none;
}

std::uint64_t count_field(const Json& body, const char* name, std::uint64_t fallback, std::uint64_t max) {
  if (!body.contains(name) || body[name].is_null()) return fallback;
  const Json& value = body[name];
  if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<std::int64_t>() >= 0)) {
    throw InputError(fmt::format("{}: expected a whole number from 0 to {}", name, max));
  }
  const auto number = value.get<std::uint64_t>();
  if (number > max) throw InputError(fmt::format("{}: {} is over the server's bound of {}", name, number, max));
  return number;
}

GameRequest read_game_request(const Json& body, const ApiLimits& limits, bool with_position) {
  if (!body.is_object()) throw InputError("request: expected a JSON object");
  if (!body.contains("game") || !body["game"].is_string()) throw InputError("game: expected the game's name");
  GameRequest request;
  const std::string name = body["game"].get<std::string>();
  request.entry = catalogue::find_game(name);
  if (request.entry == nullptr) throw InputError(fmt::format("game: no game is called '{}'", name.substr(0, 100)));
  const catalogue::GameInfo& info = request.entry->info();
  request.rules = read_rules(body, info);
  if (body.contains("misere") && !body["misere"].is_null()) {
    if (!body["misere"].is_boolean()) throw InputError("misere: expected true (misère play) or false");
    if (body["misere"].get<bool>()) request.play = catalogue::Play::misere;
  }
  const InputUse use = input_use(info);
  if (body.contains("input") && !body["input"].is_null()) {
    if (use == InputUse::none) throw InputError(fmt::format("input: {} reads no file; give a position", info.name));
    if (!body["input"].is_string()) throw InputError("input: expected the file's text");
    request.input = body["input"].get<std::string>();
  }
  if (!with_position) {
    if (use == InputUse::rule && !request.input) {
      throw InputError(
          fmt::format("input: {} needs the text of its {} file", info.name, file_rule_option(info)->value_name));
    }
    return request;
  }
  request.position = read_position(body, limits);
  if (use == InputUse::rule && !request.input) {
    throw InputError(fmt::format("input: {} needs the text of its graph file", info.name));
  }
  if (use == InputUse::position) {
    refuse_file_names(request.position);
    if (request.position.empty() && !request.input) throw InputError("position: give a position or \"input\"");
  }
  // [] is the empty position (no component: the player to move has no move), as in Python; a missing one is a slip.
  const bool position_given = body.contains("position") && !body["position"].is_null();
  if (use == InputUse::none && !position_given && !info.position_optional) {
    throw InputError("position: expected an array of component texts ([] for the empty position)");
  }
  return request;
}

InputFile::InputFile(const std::optional<std::string>& text) {
  if (!text) return;
  std::string pattern = (std::filesystem::temp_directory_path() / "grundy-input-XXXXXX").string();
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0) throw Error("the server cannot hold the input now");
  path_ = pattern;
  std::size_t written = 0;
  while (written < text->size()) {
    const ssize_t n = ::write(fd, text->data() + written, text->size() - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  ::close(fd);
  if (written != text->size()) {
    ::unlink(path_.c_str());
    throw Error("the server cannot hold the input now");
  }
}

InputFile::~InputFile() {
  if (!path_.empty()) ::unlink(path_.c_str());
}

std::unique_ptr<catalogue::Instance> make_instance(const GameRequest& request, const InputFile& input,
                                                   const catalogue::Context& context) {
  catalogue::RuleValues rules = request.rules;
  if (const RuleOption* file = file_rule_option(request.entry->info()); file != nullptr) {
    rules[file->name] = input.path();
  }
  return request.entry->make(rules, context);
}

catalogue::Position parse_position(const GameRequest& request, const InputFile& input, catalogue::Instance& instance) {
  std::vector<std::string> arguments = request.position;
  if (input_use(request.entry->info()) == InputUse::position && !input.path().empty()) {
    arguments.push_back(input.path());
  }
  return instance.parse(arguments);
}

}  // namespace grundy::cli

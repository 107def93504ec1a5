#include "grundy/catalogue/report.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/catalogue/json_text.hpp"
namespace grundy::catalogue {

Json GameValue::json() const {
  if (nonzero_unknown) return Json(nullptr);
  if (!infinity) return Json(nimber);
  return Json{{"infinity", *infinity}};
}

std::string GameValue::text() const {
  if (nonzero_unknown) return "nonzero";
  if (!infinity) return std::to_string(nimber);
  return fmt::format("inf{{{}}}", fmt::join(*infinity, ","));
}

const char* outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::first:
      return "first";
    case Outcome::second:
      return "second";
    case Outcome::draw:
      return "draw";
  }
  return "draw";
}

const char* play_name(Play play) { return play == Play::misere ? "misere" : "normal"; }

namespace {

Json move_json(const MoveInfo& move) {
  Json entry = Json::object();
  entry["component"] = move.component;
  entry["move"] = move.text;
  for (const auto& [key, field] : move.fields.items()) entry[key] = field;
  return entry;
}

Json moves_json(const std::vector<MoveInfo>& moves) {
  Json out = Json::array();
  for (const MoveInfo& move : moves) out.push_back(move_json(move));
  return out;
}

std::string splice(const Json& json, const std::string& raw_field) {
  std::string out = json_text(json);
  if (!raw_field.empty()) {
    out.pop_back();
    out += ',';
    out += raw_field;
    out += '}';
  }
  return out;
}

std::string outcome_line(const Report& report) {
  if (report.play == Play::misere) {
    if (report.outcome == Outcome::draw) return "misère play: neither player can force a win: a draw with perfect play";
    if (report.terminal) return "no move: the player to move wins (misère play)";
    return report.outcome == Outcome::first ? "misère play: the first player wins" : "misère play: the second player wins";
  }
  if (report.outcome == Outcome::draw) return "neither player can force a win: a draw with perfect play";
  if (report.outcome == Outcome::first) return "the first player wins";
  if (report.terminal) return "no move: the player to move loses";
  return "the second player wins";
}

// An option's misère outcome for the player who then moves.
const char* misere_outcome_name(Outcome outcome) {
  return outcome == Outcome::first ? "win" : outcome == Outcome::second ? "loss" : "draw";
}

std::string misere_option_text(Outcome outcome) {
  if (outcome == Outcome::draw) return "  misère: a draw";
  return outcome == Outcome::first ? "  misère: a win for the player to move"
                                   : "  misère: a loss for the player to move (a winning move)";
}

std::string shown(const std::string& component) {
  return component.size() <= 100 ? component : fmt::format("{}... ({} characters)", component.substr(0, 60), component.size());
}

}  // namespace

Json report_json(const Report& report) {
  Json json = Json::object();
  json["game"] = report.game;
  json["position"] = report.components;
  json["value"] = report.play == Play::misere ? Json(nullptr) : report.value.json();
  if (report.outcome != Outcome::draw) json["winner"] = outcome_name(report.outcome);
  Json values = Json::array();
  for (const GameValue& v : report.values) values.push_back(v.json());
  json["components"] = std::move(values);
  json["winning_moves"] = report.winning_moves_json ? *report.winning_moves_json : moves_json(report.winning_moves);
  json["winning_moves_count"] = report.winning_moves_complete ? Json(report.winning_moves_count) : Json(nullptr);
  json["winning_moves_complete"] = report.winning_moves_complete;
  if (!report.winning_moves_complete) json["winning_moves_found"] = report.winning_moves_count;
  json["outcome"] = outcome_name(report.outcome);
  if (report.outcome == Outcome::draw) {
    json["drawing_moves"] = moves_json(report.drawing_moves);
    json["drawing_moves_count"] = std::max(report.drawing_moves_count, report.drawing_moves.size());
  }
  for (const auto& [key, field] : report.extra.items()) json[key] = field;
  json["play"] = play_name(report.play);
  if (report.play == Play::misere) {
    Json genus = Json::array();
    for (const auto& g : report.genus) genus.push_back(g ? Json(*g) : Json(nullptr));
    json["genus"] = std::move(genus);
    json["position_genus"] = report.position_genus ? Json(*report.position_genus) : Json(nullptr);
    if (!report.position_genus_note.empty()) json["position_genus_note"] = report.position_genus_note;
    if (!report.method.empty()) json["method"] = report.method;
  }
  return json;
}

std::string report_json_text(const Report& report) { return splice(report_json(report), report.raw_json_field); }

std::string report_text(const Report& report) {
  std::string out = report.title.empty() ? report.game : report.title;
  for (const std::string& c : report.components) out += ' ' + shown(c);
  if (report.play == Play::misere) out += " (misère play)";
  out += '\n';
  const bool misere = report.play == Play::misere;
  if (misere) {
    for (std::size_t i = 0; i < report.components.size(); ++i) {
      const bool has_genus = i < report.genus.size() && report.genus[i];
      out += fmt::format("  component {}: {}  value {}{}\n", i + 1, shown(report.components[i]), report.values[i].text(),
                         has_genus ? "  genus " + *report.genus[i] : std::string());
    }
    if (report.position_genus) {
      out += fmt::format("position genus {}{}\n", *report.position_genus,
                         report.position_genus_note.empty() ? "" : " (" + report.position_genus_note + ")");
    } else if (!report.position_genus_note.empty()) {
      out += "position genus " + report.position_genus_note + '\n';
    }
    out += outcome_line(report) + '\n';
  } else if (report.components.size() > 1) {
    for (std::size_t i = 0; i < report.components.size(); ++i) {
      out += fmt::format("  component {}: {}  value {}\n", i + 1, shown(report.components[i]), report.values[i].text());
    }
    out += fmt::format("nim-sum {}: {}\n", report.value.text(), outcome_line(report));
  } else if (!report.components.empty()) {
    out += fmt::format("value {}: {}\n", report.value.text(), outcome_line(report));
  } else if (report.raw_text.empty()) {  // the empty position (a listing of every vertex has its own text)
    out += fmt::format("the empty position: value {}: {}\n", report.value.text(), outcome_line(report));
  }
  for (const std::string& note : report.notes) out += note + '\n';
  const auto list = [&](const char* title, const std::vector<MoveInfo>& moves, std::size_t count, bool complete) {
    if (!complete) {
      out += fmt::format("{}: not all found (too many to try); {} found{}\n", title, count,
                         moves.size() < count ? fmt::format(", {} shown", moves.size()) : std::string(":"));
    } else if (count == 0) {
      return;
    } else {
      out += fmt::format("{} ({}{}):\n", title, count,
                         moves.size() < count ? fmt::format(", {} shown", moves.size()) : std::string());
    }
    for (const MoveInfo& move : moves) {
      if (report.components.size() > 1) {
        out += fmt::format("  in component {}: {}\n", move.component + 1, move.text);
      } else {
        out += fmt::format("  {}\n", move.text);
      }
    }
  };
  list("winning moves", report.winning_moves, report.winning_moves_count, report.winning_moves_complete);
  list("drawing moves", report.drawing_moves, std::max(report.drawing_moves_count, report.drawing_moves.size()), true);
  out += report.raw_text;
  return out;
}

namespace {

Json explanation_entry(const ComponentExplanation& c) {
  Json entry = Json::object();
  entry["component"] = c.component;
  entry["position"] = c.position;
  entry["value"] = c.value.json();
  entry["options_count"] = c.options_count_known ? Json(c.options_count) : Json(nullptr);
  entry["options_listed"] = c.options.size();
  if (c.genus) entry["genus"] = *c.genus;
  Json options = Json::array();
  for (const OptionInfo& option : c.options) {
    Json o = Json::object();
    o["move"] = option.move.text;
    o["result"] = option.result;
    o["value"] = option.value.json();
    if (option.misere_outcome) o["misere_outcome"] = misere_outcome_name(*option.misere_outcome);
    for (const auto& [key, field] : option.move.fields.items()) o[key] = field;
    options.push_back(std::move(o));
  }
  entry["options"] = std::move(options);
  return entry;
}

}  // namespace

std::string explanation_json_text(const Report& report, const std::vector<ComponentExplanation>& components) {
  Json json = report_json(report);
  Json list = Json::array();
  for (const ComponentExplanation& c : components) list.push_back(explanation_entry(c));
  json["explain"] = std::move(list);
  return splice(json, report.raw_json_field);
}

std::string explanation_text(const Report& report, const std::vector<ComponentExplanation>& components) {
  std::string out;
  for (const ComponentExplanation& c : components) {
    out += fmt::format("component {}: {}\n", c.component + 1, shown(c.position));
    if (c.options_count_known && c.options_count == 0) {
      out += "  no option: value 0 (the mex of nothing)\n";
      continue;
    }
    const std::string count =
        c.options_count_known ? std::to_string(c.options_count) : fmt::format("more than {}", kMaxOptionsCounted);
    out += fmt::format("  {} options{}:\n", count,
                       c.cut() ? fmt::format(", the first {} shown (--limit N shows more)", c.options.size()) : "");
    for (const OptionInfo& option : c.options) {
      std::string result = option.result.empty() ? "nothing" : fmt::format("{}", fmt::join(option.result, " + "));
      std::string misere;
      if (option.misere_outcome) misere = misere_option_text(*option.misere_outcome);
      out += fmt::format("    {:<40}  leaves {}  value {}{}\n", option.move.text, shown(result), option.value.text(), misere);
    }
    if (c.genus) out += fmt::format("  genus {}\n", *c.genus);
    if (c.value.nonzero_unknown) {
      out += "  value nonzero: an option of value 0 exists (the nimber itself is not computed)\n";
    } else if (c.value.infinite()) {
      out += fmt::format("  value {}: no finite mex (the position can be kept from ending)\n", c.value.text());
    } else if (c.cut()) {
      out += fmt::format("  value {}: the mex of all the options' values (not all listed)\n", c.value.text());
    } else {
      out += fmt::format("  value {}: the least value no option has (the mex)\n", c.value.text());
    }
  }
  out += report_text(report);
  return out;
}

}  // namespace grundy::catalogue

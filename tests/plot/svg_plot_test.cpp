// The SVG scatter plot of g(n): well-formed XML (checked by a small parser
// here, independent of the writer), one point per n when N is small, rare
// values set apart, the period marked, and a 10^6-point plot thinned to a small
// file; the command line writes the same plot.
#include "grundy/plot/svg_plot.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "grundy/catalogue/catalogue.hpp"
#include "grundy/plot/table_plot.hpp"
#include "support/run_cli.hpp"

namespace grundy {
namespace {

/// A well-formedness checker: tags nest and match, attributes are quoted,
/// '&' starts an entity; returns "" or what is wrong.
std::string xml_problem(const std::string& xml) {
  std::vector<std::string> open;
  std::size_t i = 0;
  bool root_seen = false;
  while (i < xml.size()) {
    if (xml[i] == '&') {
      const std::size_t end = xml.find(';', i);
      if (end == std::string::npos || end - i > 8) return "bare '&'";
      i = end + 1;
      continue;
    }
    if (xml[i] != '<') {
      if (open.empty() && xml[i] != '\n' && xml[i] != ' ') return "text outside the root";
      ++i;
      continue;
    }
    if (xml.compare(i, 2, "<?") == 0) {
      const std::size_t end = xml.find("?>", i);
      if (end == std::string::npos) return "unclosed declaration";
      i = end + 2;
      continue;
    }
    const bool closing = xml.compare(i, 2, "</") == 0;
    std::size_t j = i + (closing ? 2 : 1);
    const std::size_t name_start = j;
    while (j < xml.size() && (std::isalnum(static_cast<unsigned char>(xml[j])) != 0 || xml[j] == '-' || xml[j] == ':'))
      ++j;
    const std::string name = xml.substr(name_start, j - name_start);
    if (name.empty()) return "a tag without a name";
    bool self_closing = false;
    while (j < xml.size() && xml[j] != '>') {
      if (xml[j] == '/' && j + 1 < xml.size() && xml[j + 1] == '>') {
        self_closing = true;
        ++j;
        break;
      }
      if (xml[j] == '"' || xml[j] == '<') {
        if (xml[j] == '<') return "'<' inside tag " + name;
        const std::size_t end = xml.find('"', j + 1);
        if (end == std::string::npos) return "unclosed attribute in " + name;
        if (xml.substr(j + 1, end - j - 1).find('<') != std::string::npos) return "'<' in an attribute of " + name;
        j = end + 1;
        continue;
      }
      if (xml[j] == '=' && (j + 1 >= xml.size() || xml[j + 1] != '"')) return "unquoted attribute in " + name;
      ++j;
    }
    if (j >= xml.size()) return "unclosed tag " + name;
    i = j + 1;
    if (closing) {
      if (open.empty() || open.back() != name) return "</" + name + "> closes nothing open";
      open.pop_back();
    } else if (!self_closing) {
      if (open.empty() && root_seen) return "a second root";
      root_seen = true;
      open.push_back(name);
    }
  }
  return open.empty() && root_seen ? "" : "unclosed elements";
}

/// The text of the group <g class="name">...</g>.
std::string group(const std::string& svg, const std::string& name) {
  const std::size_t start = svg.find("<g class=\"" + name + "\"");
  if (start == std::string::npos) return "";
  return svg.substr(start, svg.find("</g>", start) - start);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

catalogue::TableResult table_of(const std::string& game, const catalogue::RuleValues& rules, std::uint64_t upto) {
  const catalogue::Entry* entry = catalogue::find_game(game);
  EXPECT_NE(entry, nullptr);
  return entry->make(rules, catalogue::Context{})->table(upto, catalogue::TableRequest{});
}

TEST(XmlChecker, FindsBrokenDocuments) {
  EXPECT_EQ(xml_problem("<a><b x=\"1\"/>&amp;</a>"), "");
  EXPECT_NE(xml_problem("<a><b></a></b>"), "");
  EXPECT_NE(xml_problem("<a x=1></a>"), "");
  EXPECT_NE(xml_problem("<a>&</a>"), "");
  EXPECT_NE(xml_problem("<a>"), "");
}

TEST(SvgPlot, TicksAreRoundNumbersCoveringTheRange) {
  EXPECT_EQ(plot::ticks(0, 5), std::vector<std::uint64_t>{0});
  EXPECT_EQ(plot::ticks(100, 8), (std::vector<std::uint64_t>{0, 20, 40, 60, 80, 100}));
  EXPECT_EQ(plot::ticks(7, 6), (std::vector<std::uint64_t>{0, 2, 4, 6}));
  EXPECT_EQ(plot::ticks(1'000'000, 8).back(), 1'000'000u);
}

TEST(SvgPlot, KaylesHasOnePointPerHeapAndItsRareValuesApart) {
  const catalogue::TableResult table = table_of("kayles", {}, 80);
  const plot::PlotData data = plot::table_plot(table);
  const std::string svg = plot::svg_plot(data);
  EXPECT_EQ(xml_problem(svg), "");
  const std::size_t common = count(group(svg, "common"), "<circle");
  const std::size_t rare = count(group(svg, "rare"), "<rect");
  EXPECT_EQ(common + rare, 81u);
  // The rare ones are exactly those the table's split calls rare, counted here independently.
  ASSERT_TRUE(data.rare);
  std::size_t expected_rare = 0;
  for (std::uint64_t n = 0; n <= 80; ++n) expected_rare += data.rare(n, table.at(n)) ? 1 : 0;
  EXPECT_EQ(rare, expected_rare);
  EXPECT_GT(rare, 0u);
  EXPECT_NE(svg.find("kayles (code 0.77)"), std::string::npos);
  EXPECT_NE(svg.find(">g(n)</text>"), std::string::npos);
}

TEST(SvgPlot, MarksTheProvenPeriod) {
  // subtraction {1,2,3}: g(n) = n mod 4, period 4 from n0 = 0; 0.07 (Dawson's Kayles) from 52 with period 34.
  const std::string subtraction = plot::svg_plot(plot::table_plot(table_of("subtraction", {{"--set", "1,2,3"}}, 40)));
  EXPECT_EQ(xml_problem(subtraction), "");
  EXPECT_NE(subtraction.find("period 4 from n0 = 0"), std::string::npos);
  EXPECT_EQ(count(subtraction, "class=\"period-band\""), 5u);  // periods 2, 4, 6, 8, 10 of 11 shaded
  EXPECT_EQ(count(group(subtraction, "common"), "<circle"), 41u);
  const catalogue::TableResult dawson = table_of("octal", {{"code", "0.07"}}, 300);
  ASSERT_TRUE(dawson.period.has_value());
  const std::string svg = plot::svg_plot(plot::table_plot(dawson));
  EXPECT_EQ(xml_problem(svg), "");
  EXPECT_NE(svg.find("class=\"preperiod\""), std::string::npos);
  EXPECT_NE(svg.find("<title>octal game 0.07</title>"), std::string::npos);
  EXPECT_NE(svg.find("n0 = " + std::to_string(*dawson.preperiod)), std::string::npos);
}

TEST(SvgPlot, TitlesNameTheGame) {
  EXPECT_EQ(plot::table_plot(table_of("grundys-game", {}, 10)).title, "grundys-game");
  EXPECT_EQ(plot::table_plot(table_of("octal", {{"code", "0.137"}}, 10)).title, "octal game 0.137");
  EXPECT_EQ(plot::table_plot(table_of("subtraction", {{"--set", "1,3,4"}}, 10)).title, "subtraction {1,3,4}");
}

TEST(SvgPlot, AMillionPointsAreThinnedToASmallFile) {
  plot::PlotData data;
  data.title = "n mod 7 & friends <test>";
  for (std::uint64_t n = 0; n <= 1'000'000; ++n) data.values.push_back(n % 7 + (n % 1000 == 0 ? 20 : 0));
  data.rare = [](std::uint64_t, Nimber g) { return g >= 20; };
  const std::string svg = plot::svg_plot(data);
  EXPECT_EQ(xml_problem(svg), "");
  EXPECT_LT(svg.size(), 1'000'000u);
  EXPECT_GT(count(group(svg, "rare"), "<rect"), 100u);
  EXPECT_NE(svg.find("n mod 7 &amp; friends &lt;test&gt;"), std::string::npos);
}

TEST(PlotCommand, WritesTheSamePlot) {
  const std::string path = ::testing::TempDir() + "grundy_plot_test.svg";
  const testing::CliResult result = testing::run_cli({"plot", "kayles", "--upto", "80", "-o", path});
  ASSERT_EQ(result.status, 0) << result.err;
  std::ifstream in(path);
  const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(path.c_str());
  EXPECT_EQ(svg, plot::svg_plot(plot::table_plot(table_of("kayles", {}, 80))));
  const testing::CliResult missing = testing::run_cli({"plot", "kayles", "--upto", "80"});
  EXPECT_EQ(missing.status, 2);
}

}  // namespace
}  // namespace grundy

#include "grundy/plot/svg_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace grundy::plot {

namespace {

constexpr int kLeft = 64;
constexpr int kRight = 24;
constexpr int kTop = 56;
constexpr int kBottom = 56;
constexpr const char* kCommonColour = "#1f5fa8";
constexpr const char* kRareColour = "#d62728";
constexpr std::size_t kMaxBands = 400;  // more shaded periods than this would be a grey wash

std::string escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

/// Maps n and g(n) to pixels of the plot area.
class Frame {
 public:
  Frame(PlotSize size, std::uint64_t last_n, Nimber largest)
      : size_(size),
        last_n_(std::max<std::uint64_t>(last_n, 1)),
        top_value_(static_cast<double>(std::max<Nimber>(largest, 1)) * 1.04) {}
  [[nodiscard]] double x(std::uint64_t n) const {
    return kLeft + static_cast<double>(n) * width() / static_cast<double>(last_n_);
  }
  [[nodiscard]] double y(Nimber g) const { return kTop + height() - static_cast<double>(g) * height() / top_value_; }
  [[nodiscard]] double width() const { return size_.width - kLeft - kRight; }
  [[nodiscard]] double height() const { return size_.height - kTop - kBottom; }
  [[nodiscard]] double bottom() const { return kTop + height(); }
  [[nodiscard]] double right() const { return kLeft + width(); }
  [[nodiscard]] PlotSize size() const { return size_; }

 private:
  PlotSize size_;
  std::uint64_t last_n_;
  double top_value_;  // a little above the largest value, so its points are not cut by the edge
};

std::string axes(const Frame& frame, std::uint64_t last_n, Nimber largest) {
  std::string out = "<g class=\"axes\" stroke=\"#333\" font-size=\"12\" font-family=\"sans-serif\">\n";
  for (const std::uint64_t g : ticks(largest, 6)) {
    const double y = frame.y(g);
    out += fmt::format("<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"#e4e4e4\"/>\n", kLeft, y,
                       frame.right());
    out += fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\"/>", kLeft - 5, y, kLeft, y);
    out +=
        fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\" stroke=\"none\">{}</text>\n", kLeft - 8, y + 4, g);
  }
  for (const std::uint64_t n : ticks(last_n, 8)) {
    const double x = frame.x(n);
    out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\"/>", x, frame.bottom(),
                       frame.bottom() + 5);
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" stroke=\"none\">{}</text>\n", x,
                       frame.bottom() + 19, n);
  }
  out += fmt::format("<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\"/>\n", kLeft, frame.bottom(),
                     frame.right());
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2:.1f}\"/>\n", kLeft, kTop, frame.bottom());
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" stroke=\"none\">n</text>\n",
                     kLeft + frame.width() / 2, frame.bottom() + 40);
  out += fmt::format(
      "<text x=\"16\" y=\"{:.1f}\" text-anchor=\"middle\" stroke=\"none\" "
      "transform=\"rotate(-90 16 {:.1f})\">g(n)</text>\n",
      kTop + frame.height() / 2, kTop + frame.height() / 2);
  return out + "</g>\n";
}

// The pre-period's line and every other period shaded (when they are wide enough to see).
std::string period_marks(const Frame& frame, const PlotData& data, std::uint64_t last_n) {
  if (!data.period || !data.preperiod || *data.period == 0 || *data.preperiod > last_n) return "";
  const std::uint64_t period = *data.period;
  const std::uint64_t start = *data.preperiod;
  std::string out = "<g class=\"period\">\n";
  const std::uint64_t bands = (last_n - start) / period + 1;
  if (frame.x(period) - frame.x(0) >= 2 && bands <= kMaxBands) {
    for (std::uint64_t k = 1; k < bands; k += 2) {
      const std::uint64_t from = start + k * period;
      const double x1 = frame.x(from);
      const double x2 = frame.x(std::min(from + period, last_n));
      out += fmt::format(
          "<rect class=\"period-band\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{:.1f}\" "
          "fill=\"#f2c14e\" fill-opacity=\"0.18\"/>\n",
          x1, kTop, std::max(x2 - x1, 0.5), frame.height());
    }
  }
  const double x = frame.x(start);
  out += fmt::format(
      "<line class=\"preperiod\" x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" "
      "stroke=\"#b8860b\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\"/>\n",
      x, kTop, frame.bottom());
  out += fmt::format(
      "<text x=\"{:.1f}\" y=\"{}\" font-size=\"12\" font-family=\"sans-serif\" fill=\"#b8860b\">"
      "n0 = {}</text>\n",
      x + 4, kTop + 12, start);
  return out + "</g>\n";
}

// One marker per pixel and class: the first n that lands there.
std::string points(const Frame& frame, const PlotData& data, bool rare_class) {
  const PlotSize size = frame.size();
  std::vector<bool> drawn(static_cast<std::size_t>(size.width + 1) * static_cast<std::size_t>(size.height + 1));
  const bool sparse = static_cast<double>(data.values.size()) * 4 <= frame.width();
  std::string out = fmt::format("<g class=\"{}\" fill=\"{}\">\n", rare_class ? "rare" : "common",
                                rare_class ? kRareColour : kCommonColour);
  for (std::uint64_t n = 0; n < data.values.size(); ++n) {
    const Nimber g = data.values[n];
    if ((data.rare && data.rare(n, g)) != rare_class) continue;
    const long px = std::lround(frame.x(n));
    const long py = std::lround(frame.y(g));
    const std::size_t at =
        static_cast<std::size_t>(py) * static_cast<std::size_t>(size.width + 1) + static_cast<std::size_t>(px);
    if (drawn[at]) continue;
    drawn[at] = true;
    if (rare_class) {
      const int half = sparse ? 3 : 2;
      out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n", px - half, py - half, 2 * half,
                         2 * half);
    } else {
      out += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>\n", px, py, sparse ? "2.5" : "1.2");
    }
  }
  return out + "</g>\n";
}

std::string legend(const Frame& frame, bool has_rare) {
  const double x = frame.right() - 150;
  std::string out = "<g class=\"legend\" font-size=\"12\" font-family=\"sans-serif\">\n";
  out += fmt::format("<circle cx=\"{:.1f}\" cy=\"18\" r=\"3\" fill=\"{}\"/><text x=\"{:.1f}\" y=\"22\">g(n)</text>\n",
                     x, kCommonColour, x + 8);
  if (has_rare) {
    out += fmt::format(
        "<rect x=\"{:.1f}\" y=\"31\" width=\"6\" height=\"6\" fill=\"{}\"/>"
        "<text x=\"{:.1f}\" y=\"38\">rare values</text>\n",
        x - 3, kRareColour, x + 8);
  }
  return out + "</g>\n";
}

std::string subtitle(const PlotData& data, std::uint64_t last_n) {
  if (data.period && data.preperiod) {
    return fmt::format("n = 0..{}; period {} from n0 = {} (proven)", last_n, *data.period, *data.preperiod);
  }
  return fmt::format("n = 0..{}; no period proven", last_n);
}

}  // namespace

std::vector<std::uint64_t> ticks(std::uint64_t max, int count) {
  std::vector<std::uint64_t> out{0};
  if (max == 0) return out;
  std::uint64_t step = 1;
  for (std::uint64_t scale = 1;; scale *= 10) {
    const std::uint64_t steps[] = {scale, 2 * scale, 5 * scale};
    const auto fits = std::find_if(std::begin(steps), std::end(steps),
                                   [&](std::uint64_t s) { return max / s <= static_cast<std::uint64_t>(count); });
    if (fits != std::end(steps)) {
      step = *fits;
      break;
    }
  }
  for (std::uint64_t t = step; t <= max; t += step) out.push_back(t);
  return out;
}

std::string svg_plot(const PlotData& data, PlotSize size) {
  const std::uint64_t last_n = data.values.empty() ? 0 : data.values.size() - 1;
  const Nimber largest = data.values.empty() ? 0 : *std::max_element(data.values.begin(), data.values.end());
  const Frame frame(size, last_n, largest);
  bool has_rare = false;
  if (data.rare) {
    for (std::uint64_t n = 0; n < data.values.size() && !has_rare; ++n) has_rare = data.rare(n, data.values[n]);
  }
  std::string out = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\">\n",
      size.width, size.height);
  out += fmt::format("<title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n", escaped(data.title));
  out += fmt::format(
      "<text x=\"{}\" y=\"22\" font-size=\"16\" font-family=\"sans-serif\" font-weight=\"bold\">"
      "{}</text>\n",
      kLeft, escaped(data.title));
  out += fmt::format("<text x=\"{}\" y=\"40\" font-size=\"12\" font-family=\"sans-serif\" fill=\"#555\">{}</text>\n",
                     kLeft, escaped(subtitle(data, last_n)));
  out += period_marks(frame, data, last_n);
  out += axes(frame, last_n, largest);
  out += points(frame, data, false);
  if (has_rare) out += points(frame, data, true);
  out += legend(frame, has_rare);
  return out + "</svg>\n";
}

}  // namespace grundy::plot

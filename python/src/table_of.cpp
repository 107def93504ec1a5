#include "table_of.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "catalogue_api.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/periodicity.hpp"
#include "grundy/heap/rules.hpp"
#include "limits.hpp"
#include "python_game.hpp"

namespace grundy::python {

namespace {

/// The largest heap table_of fills: far beyond what a Python callback reaches in a day.
constexpr std::uint64_t kMaxUpto = std::uint64_t{1} << 32;
/// Heaps below this can be keyed exactly when telling three-heap options apart.
constexpr std::uint64_t kKeyedHeaps = std::uint64_t{1} << 27;

/// The octal-like shape a rule declares: each move removes at most max_take tokens
/// and leaves at most max_heaps non-empty heaps.
struct HeapShape {
  std::uint64_t max_take = 0;
  std::uint64_t max_heaps = 2;
};

/// One option of heap n as the engine sees it: the nim-sum of the heaps it leaves,
/// how many tokens it removes and how many non-empty heaps it leaves.
struct OptionShape {
  Nimber value = 0;
  std::uint64_t removed = 0;
  std::uint32_t heaps = 0;
  std::array<std::uint64_t, 3> sorted{};  // the first three non-empty heaps, to tell options apart
};

/// Reads the options options(n) returns, in any of the documented forms, into OptionShapes.
class OptionReader {
 public:
  /// `batched`: the options came from options_many (messages say so).
  OptionReader(std::uint64_t n, const std::vector<Nimber>& g, bool batched = false)
      : n_(n), g_(g), batched_(batched) {}

  void read(const py::object& listed, std::vector<OptionShape>& out) {
    out.clear();
    if (py::isinstance<py::array>(listed)) {
      read_array(py::reinterpret_borrow<py::array>(listed), out);
      return;
    }
    const bool fast = PyList_CheckExact(listed.ptr()) || PyTuple_CheckExact(listed.ptr());
    const auto sequence =
        fast ? listed : py::reinterpret_steal<py::object>(PySequence_Fast(listed.ptr(), "options"));
    if (!sequence) {
      rethrow_unless_type_error();
      refuse("returned " + repr_of(listed) + ", not a list of options (or an int array, one row per option)");
    }
    const Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence.ptr());
    PyObject** items = PySequence_Fast_ITEMS(sequence.ptr());
    out.reserve(static_cast<std::size_t>(count));
    for (Py_ssize_t i = 0; i < count; ++i) out.push_back(read_option(items[i]));
  }

 private:
  [[noreturn]] void refuse(const std::string& what) const {
    throw InputError(batched_ ? "table_of: options_many's answer for heap " + std::to_string(n_) + " " + what
                              : "table_of: options(" + std::to_string(n_) + ") " + what);
  }

  void add_heap(OptionShape& option, std::uint64_t heap) const {
    if (heap == 0) return;
    option.value ^= g_[heap];
    if (option.heaps < option.sorted.size()) option.sorted[option.heaps] = heap;
    ++option.heaps;
    option.removed += heap;  // the tokens left, turned into those removed by finish()
  }

  void finish(OptionShape& option) const {
    std::sort(option.sorted.begin(), option.sorted.begin() + std::min<std::size_t>(option.heaps, 3));
    option.removed = n_ - option.removed;
  }

  /// A heap size 0 <= h < n from any Python integer (NumPy's too).
  std::uint64_t heap_of(PyObject* item, py::handle option) const {
    if (PyLong_CheckExact(item)) {
      int overflow = 0;
      const long long h = PyLong_AsLongLongAndOverflow(item, &overflow);
      if (overflow == 0 && h >= 0 && static_cast<std::uint64_t>(h) < n_) return static_cast<std::uint64_t>(h);
    } else if (!PyList_Check(item) && !PyTuple_Check(item)) {
      const std::optional<Nimber> h = nimber_of(item);
      if (h && *h < n_) return *h;
    }
    refuse("gave " + repr_of(option) + ": " + repr_of(item) + " is not a heap size (" +
           (n_ == 0 ? std::string("heap 0 has no option") : "a whole number from 0 to " + std::to_string(n_ - 1)) +
           ")");
  }

  OptionShape read_option(PyObject* item) const {
    OptionShape option;
    PyObject* heaps = item;
    if (PyTuple_Check(item) && PyTuple_GET_SIZE(item) == 2) {
      PyObject* second = PyTuple_GET_ITEM(item, 1);
      if (PyList_Check(second) || PyTuple_Check(second)) heaps = second;  // a (move, [heaps]) pair
    }
    if (PyList_Check(heaps) || PyTuple_Check(heaps)) {
      const Py_ssize_t count = PySequence_Fast_GET_SIZE(heaps);
      PyObject** sizes = PySequence_Fast_ITEMS(heaps);
      for (Py_ssize_t i = 0; i < count; ++i) add_heap(option, heap_of(sizes[i], item));
    } else {
      add_heap(option, heap_of(heaps, item));
    }
    finish(option);
    return option;
  }

  /// One row per option, one column per heap left, -1 for none; or one column as a 1-D array.
  void read_array(const py::array& array, std::vector<OptionShape>& out) const {
    const char kind = array.dtype().kind();
    if ((kind != 'i' && kind != 'u') || array.ndim() < 1 || array.ndim() > 2) {
      refuse("returned an array of " + std::string(py::str(array.dtype())) + " with " +
             std::to_string(array.ndim()) + " dimension(s), not an int array with one row per option");
    }
    const auto rows = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(array);
    if (!rows) throw py::error_already_set();
    const auto options = static_cast<std::size_t>(rows.shape(0));
    const auto columns = static_cast<std::size_t>(rows.ndim() == 2 ? rows.shape(1) : 1);
    const std::int64_t* cell = rows.data();
    out.resize(options);
    for (std::size_t i = 0; i < options; ++i) {
      OptionShape& option = out[i];
      option = OptionShape{};
      for (std::size_t j = 0; j < columns; ++j, ++cell) {
        const std::int64_t h = *cell;
        if (h == -1) continue;
        if (h < 0 || static_cast<std::uint64_t>(h) >= n_) {
          refuse("returned an array whose row " + std::to_string(i) + " holds " + std::to_string(h) +
                 ", not a heap size below " + std::to_string(n_) + " (nor -1, none)");
        }
        add_heap(option, static_cast<std::uint64_t>(h));
      }
      finish(option);
    }
  }

  std::uint64_t n_;
  const std::vector<Nimber>& g_;
  bool batched_;
};

/// The options of heaps 0, 1, 2, ... in order: options(n) for each, or, where the
/// rule has options_many(heaps), one call per batch of heaps. A batch's answers are
/// alive together, so a batch holds about kBatchOptions options (sized from the
/// last batch's) and at most kMaxBatch heaps.
class OptionsSource {
 public:
  explicit OptionsSource(const py::object& rule)
      : options_(py::hasattr(rule, "options") ? rule.attr("options") : rule),
        many_(py::hasattr(rule, "options_many") ? py::object(rule.attr("options_many")) : py::object(py::none())) {}

  [[nodiscard]] bool batched() const { return !many_.is_none(); }

  /// What the rule gives for heap n (n = 0, 1, 2, ... in turn, n <= upto).
  py::object next(std::uint64_t n, std::uint64_t upto) {
    if (many_.is_none()) return options_(n);
    if (n >= first_ + answers_.size()) fetch(n, upto);
    return answers_[n - first_];
  }

  /// Options read from the answer for the last heap given (sizes the next batch).
  void note_options(std::size_t count) { batch_options_ += count; }

 private:
  static constexpr std::size_t kBatchOptions = std::size_t{1} << 16;
  static constexpr std::size_t kMaxBatch = 4096;

  void fetch(std::uint64_t n, std::uint64_t upto) {
    std::size_t size = 1;
    if (!answers_.empty()) {
      const std::size_t per_heap = std::max<std::size_t>(1, batch_options_ / answers_.size());
      size = std::clamp<std::size_t>(kBatchOptions / per_heap, 1, std::min(2 * answers_.size(), kMaxBatch));
    }
    size = static_cast<std::size_t>(std::min<std::uint64_t>(size, upto - n + 1));
    py::list heaps(size);
    for (std::size_t i = 0; i < size; ++i) heaps[i] = py::int_(n + i);
    const py::object answered = many_(heaps);
    const auto sequence = py::reinterpret_steal<py::object>(PySequence_Fast(answered.ptr(), "options_many"));
    if (!sequence) rethrow_unless_type_error();
    if (!sequence || PySequence_Fast_GET_SIZE(sequence.ptr()) != static_cast<Py_ssize_t>(size)) {
      throw InputError("table_of: options_many(" + repr_of(heaps) + ") returned " + repr_of(answered) +
                       ", not a list of one answer per heap (" + std::to_string(size) + ")");
    }
    PyObject** items = PySequence_Fast_ITEMS(sequence.ptr());
    answers_.clear();
    for (std::size_t i = 0; i < size; ++i) answers_.push_back(py::reinterpret_borrow<py::object>(items[i]));
    first_ = n;
    batch_options_ = 0;
  }

  py::object options_;
  py::object many_;
  std::vector<py::object> answers_;  // the answers for heaps first_, first_ + 1, ...
  std::uint64_t first_ = 0;
  std::size_t batch_options_ = 0;
};

/// Which take-and-break code a rule's options make, learnt from the options
/// themselves and checked heap by heap: the code's digits are the kinds (tokens
/// removed, heaps left) the options take, and at every heap the options must be
/// exactly the code's, each split once. A rule that is one lets the periods be
/// proven as for the catalogue's heap games (ordinary, then arithmetic).
class CodeLearner {
 public:
  explicit CodeLearner(const HeapShape& shape)
      : shape_(shape), fixed_after_(shape.max_take + shape.max_heaps), digits_(shape.max_take + 1, 0) {}

  /// Every option of heap n; refuses an option outside the declared shape.
  void add(std::uint64_t n, std::span<const OptionShape> options) {
    keys_.clear();
    for (const OptionShape& option : options) {
      check_shape(n, option);
      if (!exact_) continue;
      if (option.removed == 0 && option.heaps < 2) {
        not_a_code(n, "an option that removes nothing and splits nothing");
        continue;
      }
      const std::uint8_t bit = static_cast<std::uint8_t>(1u << option.heaps);
      if ((digits_[option.removed] & bit) == 0) {
        if (n > fixed_after_) {
          not_a_code(n, "its first option that removes " + std::to_string(option.removed) + " and leaves " +
                            std::to_string(option.heaps) + " heap(s)");
          continue;
        }
        digits_[option.removed] |= bit;
      }
      keys_.push_back(key_of(option));
    }
    if (!exact_) return;
    std::sort(keys_.begin(), keys_.end());
    keys_.erase(std::unique(keys_.begin(), keys_.end()), keys_.end());
    if (n <= fixed_after_) {
      early_.emplace_back(n, keys_);  // checked at the end, once every kind has shown itself
    } else {
      check_complete(n, keys_);
    }
  }

  /// The code the options make, or nothing (why in reason()).
  std::optional<heap::HeapRules> rules(const std::string& name) {
    if (!exact_) return std::nullopt;
    for (const auto& [n, keys] : early_) check_complete(n, keys);
    if (!exact_) return std::nullopt;
    if (std::all_of(digits_.begin(), digits_.end(), [](std::uint8_t d) { return d == 0; })) {
      not_a_code(0, "no option at all");
      return std::nullopt;
    }
    return heap::HeapRules::make(name, digits_);
  }

  [[nodiscard]] const std::string& reason() const { return reason_; }

 private:
  void check_shape(std::uint64_t n, const OptionShape& option) const {
    if (option.removed <= shape_.max_take && option.heaps <= shape_.max_heaps) return;
    throw InputError("table_of: an option of heap " + std::to_string(n) + " removes " +
                     std::to_string(option.removed) + " token(s) and leaves " + std::to_string(option.heaps) +
                     " heap(s), outside max_take=" + std::to_string(shape_.max_take) +
                     ", max_heaps=" + std::to_string(shape_.max_heaps));
  }

  void not_a_code(std::uint64_t n, const std::string& why) {
    if (!exact_) return;
    exact_ = false;
    reason_ = "heap " + std::to_string(n) + " has " + why;
  }

  /// Tells the options of one heap apart: the kind and the smallest heaps left.
  std::uint64_t key_of(const OptionShape& option) {
    const auto& h = option.sorted;
    if (option.heaps == 3 && (h[0] >= kKeyedHeaps || h[1] >= kKeyedHeaps)) {
      not_a_code(option.removed + h[0] + h[1] + h[2], "heaps too large to check");
    }
    const std::uint64_t kind = (std::uint64_t{option.heaps} << 62) | (option.removed << 54);
    if (option.heaps == 2) return kind | h[0];
    if (option.heaps == 3) return kind | (h[0] << 27) | h[1];
    return kind;
  }

  /// Ways to leave m tokens as j non-empty heaps, order aside.
  static std::uint64_t splits(std::uint64_t m, std::uint32_t j) {
    switch (j) {
      case 0: return m == 0 ? 1 : 0;
      case 1: return m >= 1 ? 1 : 0;
      case 2: return m / 2;
      default: return m < 3 ? 0 : (m * m + 6) / 12;  // partitions into three parts: m^2/12, rounded
    }
  }

  void check_complete(std::uint64_t n, const std::vector<std::uint64_t>& keys) {
    for (std::uint64_t k = 0; k < digits_.size() && k <= n; ++k) {
      for (std::uint32_t j = 0; j <= 3; ++j) {
        if ((digits_[k] & (1u << j)) == 0) continue;
        const std::uint64_t kind = (std::uint64_t{j} << 62) | (k << 54);
        const auto first = std::lower_bound(keys.begin(), keys.end(), kind);
        const auto last = std::lower_bound(first, keys.end(), kind + (std::uint64_t{1} << 54));
        if (static_cast<std::uint64_t>(last - first) != splits(n - k, j)) {
          not_a_code(n, "not every way to remove " + std::to_string(k) + " and leave " + std::to_string(j) +
                            " heap(s) as an option, each once");
          return;
        }
      }
    }
  }

  HeapShape shape_;
  std::uint64_t fixed_after_;
  std::vector<std::uint8_t> digits_;
  std::vector<std::uint64_t> keys_;
  std::vector<std::pair<std::uint64_t, std::vector<std::uint64_t>>> early_;
  bool exact_ = true;
  std::string reason_;
};

TableHandle table_of(const py::object& rule, const Count& upto_text, const Count& max_take_text,
                     const Count& max_heaps_text, const std::string& name) {
  const std::uint64_t upto = count_of(upto_text, "upto", kMaxUpto, 0);
  std::optional<HeapShape> shape;
  if (max_take_text) {
    shape = HeapShape{count_of(max_take_text, "max_take", heap::HeapRules::kMaxDigits - 1, 0),
                      count_of(max_heaps_text, "max_heaps", 3, 2)};
    if (shape->max_take == 0) throw InputError("max_take: '0' is below 1 (every move removes at most max_take)");
  }
  OptionsSource source(rule);
  std::optional<CodeLearner> learner;
  if (shape) learner.emplace(*shape);
  catalogue::TableResult table;
  table.game = name;
  table.upto = upto;
  table.values.reserve(upto + 1);
  MexSet mex;
  std::vector<OptionShape> read;
  for (std::uint64_t n = 0; n <= upto; ++n) {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    OptionReader(n, table.values, source.batched()).read(source.next(n, upto), read);
    source.note_options(read.size());
    if (learner) learner->add(n, read);
    mex.clear();
    for (const OptionShape& option : read) mex.insert(option.value);
    table.values.push_back(mex.mex());
  }
  std::optional<heap::HeapRules> rules;
  // Every kind of option (tokens removed, heaps left) shows itself by heap max_take + max_heaps.
  const bool learnt = shape && upto > shape->max_take + shape->max_heaps;
  if (learnt) rules = learner->rules(name.empty() ? "python rule" : name);
  const bool narrow = std::all_of(table.values.begin(), table.values.end(), [](Nimber v) { return v <= UINT32_MAX; });
  if (rules && narrow) {
    // The catalogue's own search, on the code the options make: ordinary periods, then arithmetic ones.
    const std::vector<std::uint32_t> values(table.values.begin(), table.values.end());
    if (const auto found = heap::find_period<std::uint32_t>(*rules, values)) {
      table.period = found->period;
      table.preperiod = found->preperiod;
      table.saltus = found->saltus;
    }
    table.extra["code"] = heap::format_code(*rules);
  }
  table.extra["period_status"] =
      !shape         ? "not sought (give max_take to prove one)"
      : !learnt      ? "not sought (upto must be above max_take + max_heaps to learn the rule's code)"
      : !rules       ? "not sought (the options are not a take-and-break code: " + learner->reason() + ")"
      : table.period ? "proven"
                     : "none up to upto";
  return TableHandle{std::make_shared<const catalogue::TableResult>(std::move(table))};
}

}  // namespace

void bind_table_of(py::module_& m) { m.def("_table_of", &table_of); }

}  // namespace grundy::python

#include "table_output.hpp"

#include <fmt/format.h>

#include <fstream>
#include <functional>
#include <iterator>

#include "common/text.hpp"
#include "grundy/catalogue/json_text.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/heap/process_group.hpp"
#include "grundy/heap/table.hpp"
#include "grundy/heap/table_file.hpp"

namespace grundy::cli {

namespace {

using catalogue::table_json;
using catalogue::TableResult;

std::string format_of(const TableResult& table, const TableOutputOptions& output) {
  if (!output.format.empty()) return output.format;
  return table.heap_table ? "binary" : "text";
}

std::string period_line(const TableResult& table) {
  if (!table.period) return "";
  return heap::period_text(heap::Periodicity{
             .period = *table.period, .preperiod = *table.preperiod, .saltus = table.saltus.value_or(0)}) +
         "\n";
}

// Long tables go out in pieces of about a mebibyte, so that printing a table
// of 10^9 values needs no more memory than computing it did.
constexpr std::size_t kPieceBytes = std::size_t{1} << 20;

void flush_piece(std::string& piece, std::ostream& out, bool force = false) {
  if (piece.size() < kPieceBytes && !force) return;
  out.write(piece.data(), static_cast<std::streamsize>(piece.size()));
  piece.clear();
}

// "n g(n)" lines after '#' comments: the OEIS b-file layout, readable by --resume for heap games.
void write_text_export(const TableResult& table, std::ostream& out) {
  if (table.heap_table) {
    heap::write_text(*table.heap_table, out);
    return;
  }
  std::string piece =
      fmt::format("# grundy table: {}\n# g(n) for n = 0..{}, one 'n g(n)' line each\n", table.game, table.upto);
  if (table.period) piece += "# " + period_line(table);
  for (std::uint64_t n = 0; n <= table.upto; ++n) {
    fmt::format_to(std::back_inserter(piece), "{} {}\n", n, table.at(n));
    flush_piece(piece, out);
  }
  flush_piece(piece, out, true);
}

// The table's JSON object; its values, when asked for, written piece by piece
// where the object has them (an empty array in the rest of the object).
void write_json(const TableResult& table, bool with_values, std::ostream& out) {
  const std::string object = catalogue::json_text(table_json(table, false));
  const std::string empty = R"("values":[])";
  const std::size_t at = object.find(empty);
  if (!with_values || at == std::string::npos) {
    out << object << '\n';
    return;
  }
  const std::size_t close = at + empty.size() - 1;  // the array's ']'
  std::string piece = object.substr(0, close);
  for (std::uint64_t n = 0; n <= table.upto; ++n) {
    if (n != 0) piece += ',';
    fmt::format_to(std::back_inserter(piece), "{}", table.at(n));
    flush_piece(piece, out);
  }
  piece += object.substr(close);
  piece += '\n';
  flush_piece(piece, out, true);
}

void write_rows(const TableResult& table, std::ostream& out) {
  if (table.extra.contains("values")) {  // a two-dimensional table: one line per row m, "m: v(m,0) v(m,1) ..."
    const auto& rows = table.extra["values"];
    std::string grid = fmt::format("{}: values[m][n] for m 0..{}, n 0..{}\n", table.game, table.upto,
                                   rows.empty() ? 0 : rows[0].size() - 1);
    for (std::size_t m = 0; m < rows.size(); ++m) {
      grid += fmt::format("{:>8}: {}\n", m, fmt::join(rows[m].get<std::vector<grundy::Nimber>>(), " "));
      flush_piece(grid, out);
    }
    flush_piece(grid, out, true);
    return;
  }
  std::string piece = fmt::format("{}: g(0..{})\n", table.game, table.upto);
  for (std::uint64_t row = 0; row <= table.upto; row += 10) {
    fmt::format_to(std::back_inserter(piece), "{:>8}:", row);
    for (std::uint64_t i = row; i <= std::min(row + 9, table.upto); ++i) {
      fmt::format_to(std::back_inserter(piece), " {:>3}", table.at(i));
    }
    piece += '\n';
    flush_piece(piece, out);
  }
  flush_piece(piece, out, true);
}

// With --misere: one line per heap, "n g misère-value genus".
std::string misere_rows(const TableResult& table) {
  std::string out =
      fmt::format("{}: misère play, heaps 0..{} (n, g(n), misère value, genus)\n", table.game, table.upto);
  for (std::uint64_t n = 0; n <= table.upto; ++n) {
    const auto& genus = table.genus[n];
    out += fmt::format("{} {} {} {}\n", n, table.at(n), table.misere_values[n], genus ? *genus : "-");
  }
  return out;
}

void write_report_text(const TableResult& table, bool summary, std::ostream& out) {
  if (!table.misere_values.empty() && !summary) {
    out << misere_rows(table);
  } else if (summary) {
    out << fmt::format(
        "{}{}: g(0..{})\n", table.game,
        table.extra.contains("code") ? fmt::format(" (code {})", table.extra["code"].get<std::string>()) : "",
        table.upto);
  } else {
    write_rows(table, out);
  }
  out << period_line(table);
  for (const std::string& note : table.notes) out << note << '\n';
}

}  // namespace

void add_table_output_options(CLI::App& command, TableOutputOptions& output) {
  command.add_option("--output", output.output, "write the table to FILE ('-': standard output)")->type_name("FILE");
  command
      .add_option("--format", output.format,
                  "format of --output: text, json or binary (heap games; the default "
                  "there)")
      ->check(CLI::IsMember({"text", "json", "binary"}))
      ->type_name("FORMAT");
  command.add_flag("--summary", output.summary, "print the period and statistics only, not the values");
}

catalogue::TableRequest table_request(const catalogue::GameInfo& info, const catalogue::RuleValues& rules,
                                      const TableOutputOptions& output) {
  if (!output.format.empty() && output.output.empty()) {
    throw InputError("--format says how --output writes the table; give --output FILE (or '-') too");
  }
  if (output.format == "binary" && !info.table_abilities.binary) {
    throw InputError(
        fmt::format("--format binary: {} tables have no binary format (it holds heap games); use text "
                    "or json",
                    info.name));
  }
  catalogue::TableRequest request;
  // --summary with a binary --output FILE: the run writes the file itself, in bounded memory; a text or
  // JSON --output needs the values afterwards.
  const bool binary_file = info.table_abilities.binary && !output.output.empty() && output.output != "-" &&
                           (output.format.empty() || output.format == "binary");
  request.summary = output.summary && (output.output.empty() || binary_file);
  if (request.summary && binary_file) request.stream_output = output.output;
  const auto value = [&rules](const std::string& name) {
    const auto it = rules.find(name);
    return it == rules.end() ? std::string() : it->second;
  };
  request.checkpoint = value("--checkpoint");
  request.resume = value("--resume");
  request.until_period = !value("--until-period").empty();
  request.bounded_memory = !value("--bounded-memory").empty();
  const std::string every = value("--checkpoint-every");
  if (!every.empty()) {
    try {
      std::size_t used = 0;
      request.checkpoint_every = std::stod(every, &used);
      if (used != every.size()) throw std::invalid_argument("trailing text");
    } catch (const std::exception&) {
      throw InputError(fmt::format("--checkpoint-every: '{}' is not a number of seconds", every));
    }
  }
  return request;
}

void print_table(const TableResult& table, const TableOutputOptions& output, const GlobalOptions& options) {
  if (!output.output.empty() && !table.output_written) {
    const std::string format = format_of(table, output);
    if (format == "binary" && output.output == "-") {
      throw InputError("--output -: the binary format is not written to standard output; give a FILE");
    }
    const auto write_table = [&table, &format](std::ostream& out) {
      if (format == "json") {
        write_json(table, true, out);
      } else {
        write_text_export(table, out);
      }
    };
    if (format == "binary") {
      heap::save_table(*table.heap_table, output.output);
    } else if (output.output == "-") {
      write_out(write_table);
      return;
    } else {
      write_output_file(output.output, write_table);
    }
  }
  write_out([&](std::ostream& out) {
    if (options.json) {
      write_json(table, !output.summary, out);
    } else {
      write_report_text(table, output.summary, out);
    }
  });
}

void write_output_file(const std::string& path, const std::function<void(std::ostream&)>& write) {
  if (!heap::writes_files()) return;  // grundy-mpi: the first process writes
  std::ofstream out(path, std::ios::binary);
  if (!out) throw InputError(fmt::format("--output: cannot write '{}'", path));
  write(out);
  out.flush();
  if (!out) throw InputError(fmt::format("--output: cannot write '{}'", path));
}

void write_output_file(const std::string& path, const std::string& bytes) {
  write_output_file(
      path, [&bytes](std::ostream& out) { out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())); });
}

}  // namespace grundy::cli

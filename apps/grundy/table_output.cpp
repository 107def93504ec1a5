#include "table_output.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "common/text.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/heap/process_group.hpp"
#include "grundy/heap/table.hpp"
#include "grundy/heap/table_file.hpp"

namespace grundy::cli {

namespace {

using catalogue::TableResult;
using catalogue::table_json;

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

// "n g(n)" lines after '#' comments: the OEIS b-file layout, readable by --resume for heap games.
std::string table_text_export(const TableResult& table) {
  if (table.heap_table) {
    std::ostringstream out;
    heap::write_text(*table.heap_table, out);
    return out.str();
  }
  std::string out = fmt::format("# grundy table: {}\n# g(n) for n = 0..{}, one 'n g(n)' line each\n", table.game,
                                table.upto);
  if (table.period) out += "# " + period_line(table);
  for (std::uint64_t n = 0; n <= table.upto; ++n) out += fmt::format("{} {}\n", n, table.at(n));
  return out;
}

std::string table_rows(const TableResult& table) {
  std::string out = fmt::format("{}: g(0..{})\n", table.game, table.upto);
  for (std::uint64_t row = 0; row <= table.upto; row += 10) {
    out += fmt::format("{:>8}:", row);
    for (std::uint64_t i = row; i <= std::min(row + 9, table.upto); ++i) out += fmt::format(" {:>3}", table.at(i));
    out += '\n';
  }
  return out;
}

// With --misere: one line per heap, "n g misère-value genus".
std::string misere_rows(const TableResult& table) {
  std::string out = fmt::format("{}: misère play, heaps 0..{} (n, g(n), misère value, genus)\n", table.game, table.upto);
  for (std::uint64_t n = 0; n <= table.upto; ++n) {
    const auto& genus = table.genus[n];
    out += fmt::format("{} {} {} {}\n", n, table.at(n), table.misere_values[n], genus ? *genus : "-");
  }
  return out;
}

std::string report_text(const TableResult& table, bool summary) {
  std::string out;
  if (!table.misere_values.empty() && !summary) {
    out = misere_rows(table);
  } else if (summary) {
    out = fmt::format("{}{}: g(0..{})\n", table.game,
                      table.extra.contains("code") ? fmt::format(" (code {})", table.extra["code"].get<std::string>())
                                                   : "",
                      table.upto);
  } else {
    out = table_rows(table);
  }
  out += period_line(table);
  for (const std::string& note : table.notes) out += note + '\n';
  return out;
}

}  // namespace

void add_table_output_options(CLI::App& command, TableOutputOptions& output) {
  command.add_option("--output", output.output, "write the table to FILE ('-': standard output)")->type_name("FILE");
  command.add_option("--format", output.format, "format of --output: text, json or binary (heap games; the default "
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
    throw InputError(fmt::format("--format binary: {} tables have no binary format (it holds heap games); use text "
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
    if (format == "binary") {
      heap::save_table(*table.heap_table, output.output);
    } else {
      const std::string bytes =
          format == "json" ? table_json(table, true).dump() + "\n" : table_text_export(table);
      if (output.output == "-") {
        write_out(bytes);
        return;
      }
      write_output_file(output.output, bytes);
    }
  }
  if (options.json) {
    write_out(table_json(table, !output.summary).dump() + "\n");
  } else {
    write_out(report_text(table, output.summary));
  }
}

void write_output_file(const std::string& path, const std::string& bytes) {
  if (!heap::writes_files()) return;  // grundy-mpi: the first process writes
  std::ofstream out(path, std::ios::binary);
  if (!out) throw InputError(fmt::format("--output: cannot write '{}'", path));
  out << bytes;
  if (!out) throw InputError(fmt::format("--output: cannot write '{}'", path));
}

std::string read_standard_input() { return detail::read_input("-"); }

}  // namespace grundy::cli

// grundy: values, winners and winning moves of impartial games.
#include "command_line.hpp"

int main(int argc, char** argv) { return grundy::cli::run_command_line(argc, argv); }

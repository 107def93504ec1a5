// The one way grundy writes JSON text: every JSON output (the command line's
// --json, play's events, the web API, the Python module) goes through
// json_text, so text that is not UTF-8 (a line typed as bytes, a cut piece of
// a request) never fails the output: its bad bytes are shown as \xNN.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace grundy::catalogue {

using Json = nlohmann::ordered_json;

/// `json` on one line. Any text in it (values and keys) that is not valid UTF-8
/// has each bad byte written as the four characters \xNN; valid text is unchanged.
std::string json_text(const Json& json);

}  // namespace grundy::catalogue

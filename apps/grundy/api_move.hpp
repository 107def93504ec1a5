// POST /api/move of the web API: play a move given by explain's numbering
// ({"component", "option"}) or typed as a person would ("text"), optionally
// followed by the engine's reply, or let the engine move ({"engine": true}).
// The engine's choice and the reading of typed moves are the catalogue's
// (catalogue/opponent.hpp), the same as the command line's play.
#pragma once

#include <string>

#include "api_request.hpp"

namespace grundy::cli {

/// A JSON object's text with "drawing" (the position drawn for people) added.
std::string with_drawing(std::string object, catalogue::Instance& instance, const catalogue::Position& position);

/// The report's JSON text (normal or misère play) with "drawing" added.
std::string report_with_drawing(catalogue::Instance& instance, const catalogue::Position& position,
                                std::size_t max_moves, catalogue::Play play);

/// The answer of POST /api/move for this body, in `position`, under `play`; throws InputError for a bad move.
std::string move_answer(const catalogue::Json& body, catalogue::Instance& instance, const catalogue::Position& position,
                        catalogue::Play play, const ApiLimits& limits);

}  // namespace grundy::cli

// The engine's move in a game against it. The server chooses (POST /api/move
// with reply, or engine); a server without that choice still plays perfectly
// here: any option that leaves value 0 (read off the explain view) wins, and
// without one the first option is played.
import * as api from './api';
import type { MoveDone, MoveReply, PositionRequest, Report } from './api';

/// A move played: its text, why the engine chose it, and the position it leaves.
export interface Played {
  move: string;
  why?: string;
  position: string[];
}

const move_text = (m: MoveDone) => (typeof m === 'string' ? m : m.move);

/// The engine's answer to a move played through /api/move with reply asked for;
/// null when the game ended with that move. A server that does not reply chooses here.
export async function reply_of(answer: MoveReply, after: PositionRequest): Promise<Played | null> {
  if (answer.reply) return { move: move_text(answer.reply.move), why: answer.reply.why, position: answer.reply.position };
  if ('reply' in answer || answer.move !== undefined) return null;
  return engine_turn(after);
}

/// The report of a position with no component left: the player to move has lost
/// (under misère play: has won, the other player having made the last move).
export function empty_report(game: string, misere = false): Report {
  const winner = misere ? 'first' : 'second';
  return { game, position: [], value: misere ? null : 0, ...(misere ? { play: 'misere' } : {}), winner, components: [],
    winning_moves: [], winning_moves_count: 0, outcome: winner, explain: [] };
}

/// The option to play in `report`: a winning one when there is one.
export function choose(report: Report): { component: number; option: number } | null {
  const explained = report.explain ?? [];
  const total = explained.reduce((x, c) => x ^ (typeof c.value === 'number' ? c.value : 0), 0);
  let first: { component: number; option: number } | null = null;
  for (const [i, c] of explained.entries()) {
    for (const [j, o] of c.options.entries()) {
      first ??= { component: i, option: j };
      if (typeof c.value === 'number' && o.value === (total ^ c.value)) return { component: i, option: j };
    }
  }
  return first;
}

/// The engine moves from `req`; null when it has no move.
export async function engine_turn(req: PositionRequest): Promise<Played | null> {
  if (req.position !== undefined && req.position.length === 0) return null;
  try {
    const answer = await api.engine_move(req);
    if (answer.move !== undefined) return { move: move_text(answer.move), why: answer.why, position: answer.position ?? [] };
  } catch {
    // A server that does not choose moves: choose here below.
  }
  const report = await api.explain(req);
  const choice = choose(report);
  if (!choice) return null;
  const answer = await api.play_only(req, choice);
  return { move: report.explain![choice.component].options[choice.option].move, position: answer.position ?? [] };
}

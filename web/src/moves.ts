// Reading a report: which explained options are winning moves, how a value
// reads, who wins, whether anyone can still move. One place for every view.
import type { ExplainOption, Report, Value } from './api';

/// True when option `option` of component `component` is one of the report's winning moves.
export function is_winning(report: Report, component: number, option: ExplainOption): boolean {
  return report.winning_moves.some((w) =>
    typeof w === 'number' ? option.cell === w : (w.component ?? 0) === component && w.move === option.move);
}

/// A value as a person reads it: 3, or ∞{0,1} for a loopy position.
export function show_value(v: Value): string {
  return typeof v === 'number' ? String(v) : `∞{${v.infinity.join(',')}}`;
}

/// The winner in words.
export function show_winner(report: Report): string {
  if (report.winner === 'first') return 'the player to move wins';
  if (report.winner === 'second') return 'the player to move loses (the other player wins)';
  if (report.winner === 'draw') return 'a draw with best play';
  return report.winner;
}

/// True when no component has an option left: the player to move has lost.
export function is_over(report: Report): boolean {
  return (report.explain ?? []).every((c) => c.options_count === 0);
}

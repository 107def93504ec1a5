// The analysis of a position: its value, each component's value, the winner,
// and the explain view (every option with its value, winning ones marked by a
// star and the word "winning", each with a button that plays it).
import { el } from './dom';
import type { Report } from './api';
import { is_winning, show_misere_outcome, show_value, show_winner } from './moves';
import type { Play } from './board';

/// What a hidden answer says in its place.
const kHidden = 'hidden (show hints)';

/// The summary lines of `report`; without `hints` (play mode) the value, the
/// winner, the components' values and the number of winning moves are hidden.
export function render_summary(report: Report, hints: boolean): HTMLElement {
  const explained = report.explain ?? [];
  const components = explained.length ? explained.map((c) => c.value) : report.components;
  const misere = report.play === 'misere';
  const shown = (text: string) => (hints ? text : kHidden);
  return el('dl', { class: 'summary', 'data-testid': 'summary', 'data-hints': hints ? 'shown' : 'hidden' },
    el('dt', {}, 'value'), el('dd', { 'data-testid': 'value' },
      shown(report.value === null || report.play === 'misere' ? 'misère play' : show_value(report.value))),
    el('dt', {}, 'winner'), el('dd', { 'data-testid': 'winner', 'data-winner': hints ? report.winner : 'hidden' },
      shown(show_winner(report))),
    // Under misère play the components' normal values do not add up: listed, not nim-summed.
    el('dt', {}, misere ? 'normal values' : 'components'), el('dd', { 'data-testid': 'component-values' },
      shown(components.map(show_value).join(misere ? ', ' : ' ⊕ ') || 'none')),
    el('dt', {}, 'winning moves'), el('dd', { 'data-testid': 'winning-count' },
      shown(report.winning_moves_count === null ? `at least ${report.winning_moves_found ?? 0} (not all found)`
        : String(report.winning_moves_count))));
}

/// Every option of every component; `hints` shows values and marks the winning ones.
/// Under misère play the value column is the outcome each option leaves (the
/// misère answer), and a component's caption gives its genus where known.
export function render_options(report: Report, hints: boolean, play: Play | null): HTMLElement {
  const explained = report.explain ?? [];
  const misere = report.play === 'misere';
  const caption_value = (c: (typeof explained)[number]) => !hints ? 'value hidden'
    : misere ? `normal value ${show_value(c.value)}${c.genus ? `, genus ${c.genus}` : ''}` : `value ${show_value(c.value)}`;
  const option_value = (o: (typeof explained)[number]['options'][number]) => !hints ? 'hidden'
    : misere ? show_misere_outcome(o.misere_outcome) : show_value(o.value);
  return el('div', { class: 'options', 'data-testid': 'options' }, ...explained.map((c, i) => el('table', {},
    el('caption', {}, `component ${i + 1}: ${c.position || '(empty)'}, ${caption_value(c)}, `,
      `${c.options_count} option${c.options_count === 1 ? '' : 's'}`,
      c.options.length < c.options_count ? ` (first ${c.options.length} listed)` : ''),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'move'), el('th', { scope: 'col' }, 'leaves'),
      el('th', { scope: 'col' }, misere ? 'misère outcome' : 'value'), el('th', { scope: 'col' }, ''))),
    el('tbody', {}, ...c.options.map((o, j) => {
      const win = hints && is_winning(report, i, o);
      return el('tr', { class: win ? 'win' : '', 'data-testid': `option-${i}-${j}`, 'data-winning': win ? 'true' : 'false' },
        el('td', {}, win ? `★ ${o.move}` : o.move),
        el('td', {}, o.result.join(' + ') || 'nothing'),
        el('td', { 'data-testid': `option-value-${i}-${j}` }, option_value(o), win ? ' (winning)' : ''),
        el('td', {}, play ? el('button', { type: 'button', 'data-testid': `play-option-${i}-${j}`,
          'aria-label': `play ${o.move}`, onclick: () => play(i, j) }, 'play') : ''));
    })))));
}

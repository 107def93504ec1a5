// The analysis of a position: its value, each component's value, the winner,
// and the explain view (every option with its value, winning ones marked by a
// star and the word "winning", each with a button that plays it).
import { el } from './dom';
import type { Report } from './api';
import { is_winning, show_value, show_winner } from './moves';
import type { Play } from './board';

/// The summary lines of `report`.
export function render_summary(report: Report): HTMLElement {
  const explained = report.explain ?? [];
  const components = explained.length ? explained.map((c) => c.value) : report.components;
  return el('dl', { class: 'summary', 'data-testid': 'summary' },
    el('dt', {}, 'value'), el('dd', { 'data-testid': 'value' },
      report.value === null || report.play === 'misere' ? 'misère play' : show_value(report.value)),
    el('dt', {}, 'winner'), el('dd', { 'data-testid': 'winner', 'data-winner': report.winner }, show_winner(report)),
    el('dt', {}, 'components'), el('dd', { 'data-testid': 'component-values' }, components.map(show_value).join(' ⊕ ') || 'none'),
    el('dt', {}, 'winning moves'), el('dd', { 'data-testid': 'winning-count' }, String(report.winning_moves_count)));
}

/// Every option of every component; `hints` shows values and marks the winning ones.
export function render_options(report: Report, hints: boolean, play: Play | null): HTMLElement {
  const explained = report.explain ?? [];
  return el('div', { class: 'options', 'data-testid': 'options' }, ...explained.map((c, i) => el('table', {},
    el('caption', {}, `component ${i + 1}: ${c.position || '(empty)'}, value ${hints ? show_value(c.value) : 'hidden'}, `,
      `${c.options_count} option${c.options_count === 1 ? '' : 's'}`,
      c.options.length < c.options_count ? ` (first ${c.options.length} listed)` : ''),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'move'), el('th', { scope: 'col' }, 'leaves'),
      el('th', { scope: 'col' }, 'value'), el('th', { scope: 'col' }, ''))),
    el('tbody', {}, ...c.options.map((o, j) => {
      const win = hints && is_winning(report, i, o);
      return el('tr', { class: win ? 'win' : '', 'data-testid': `option-${i}-${j}`, 'data-winning': win ? 'true' : 'false' },
        el('td', {}, win ? `★ ${o.move}` : o.move),
        el('td', {}, o.result.join(' + ') || 'nothing'),
        el('td', {}, hints ? show_value(o.value) : 'hidden', win ? ' (winning)' : ''),
        el('td', {}, play ? el('button', { type: 'button', 'data-testid': `play-option-${i}-${j}`,
          'aria-label': `play ${o.move}`, onclick: () => play(i, j) }, 'play') : ''));
    })))));
}

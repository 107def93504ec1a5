// The current position drawn as boards for rect, treblecross and gridsplit:
// winning moves are marked on the board (outline and a star, not colour
// alone) and a click plays a move: a rectangle's two corners, a cell.
import { el } from './dom';
import type { ExplainOption, Report } from './api';
import { is_winning } from './moves';

/// Plays option `option` of component `component`.
export type Play = (component: number, option: number) => void;
/// Shows a one-line message (a click that is no move).
export type Say = (text: string) => void;

/// The board of the explained position, or null when the game has none.
export function render_board(game: string, report: Report, hints: boolean, play: Play, say: Say): HTMLElement | null {
  const explained = report.explain ?? [];
  const draw = game === 'rect' ? rect_board : game === 'treblecross' ? row_board : game === 'gridsplit' ? grid_board : null;
  if (!draw) return null;
  return el('div', { class: 'boards', 'data-testid': 'board' }, ...explained.map((c, i) => {
    const winning = (o: ExplainOption) => hints && is_winning(report, i, o);
    return el('figure', { class: 'component' }, draw(c.position, c.options, i, winning, play, say),
      el('figcaption', {}, `component ${i + 1}`));
  }));
}

type Draw = (text: string, options: ExplainOption[], component: number,
  winning: (o: ExplainOption) => boolean, play: Play, say: Say) => HTMLElement;

const pair = (v: unknown) => (Array.isArray(v) ? (v as number[]) : [0, 0]);

/// rect: click two opposite corners (the same cell twice for one cell); winning rectangles are outlined and clickable.
const rect_board: Draw = (text, options, component, winning, play, say) => {
  const rows = text.split('/');
  const grid = el('div', { class: 'board board-rect', role: 'grid', 'data-testid': `board-${component}` });
  grid.style.gridTemplateColumns = `repeat(${rows[0].length}, 2.2em)`;
  let corner: [number, number] | null = null;
  const pick = (r: number, c: number, cell: HTMLElement) => {
    if (!corner) {
      corner = [r, c];
      cell.classList.add('corner');
      return say(`corner (${r},${c}) chosen: click the opposite corner (the same cell for one cell)`);
    }
    const [r1, r2, c1, c2] = [Math.min(r, corner[0]), Math.max(r, corner[0]), Math.min(c, corner[1]), Math.max(c, corner[1])];
    corner = null;
    grid.querySelectorAll('.corner').forEach((n) => n.classList.remove('corner'));
    const j = options.findIndex((o) => pair(o.from)[0] === r1 && pair(o.from)[1] === c1 && pair(o.to)[0] === r2 && pair(o.to)[1] === c2);
    if (j < 0) return say(`(${r1},${c1})-(${r2},${c2}) is not a rectangle of 1s`);
    play(component, j);
  };
  rows.forEach((row, i) => [...row].forEach((ch, j) => {
    const cell: HTMLElement = el('button', { type: 'button', class: `cell ${ch === '1' ? 'on' : 'off'}`,
      'aria-label': `row ${i + 1} column ${j + 1}: ${ch}`, 'data-testid': `board-${component}-cell-${i + 1}-${j + 1}`,
      onclick: () => pick(i + 1, j + 1, cell) }, ch);
    cell.style.gridArea = `${i + 1} / ${j + 1}`;
    grid.append(cell);
  }));
  options.forEach((o, k) => {
    if (!winning(o)) return;
    const [r1, c1] = pair(o.from);
    const [r2, c2] = pair(o.to);
    const mark = el('button', { type: 'button', class: 'win-rect', title: `winning move ${o.move}`,
      'aria-label': `play the winning move ${o.move}`, 'data-testid': `board-${component}-win-${k}`, onclick: () => play(component, k) }, '★');
    mark.style.gridArea = `${r1} / ${c1} / ${r2 + 1} / ${c2 + 1}`;
    grid.append(mark);
  });
  return grid;
};

/// treblecross: click an empty cell to mark it; winning cells carry a star.
const row_board: Draw = (text, options, component, winning, play, say) => {
  const row = el('div', { class: 'board board-row', role: 'grid', 'data-testid': `board-${component}` });
  [...text].forEach((ch, i) => {
    const k = options.findIndex((o) => o.cell === i + 1);
    const win = k >= 0 && winning(options[k]);
    row.append(el('button', { type: 'button', class: `cell ${ch === 'X' ? 'on' : 'off'}${win ? ' win' : ''}`,
      'aria-label': `cell ${i + 1}${ch === 'X' ? ': X' : ''}${win ? ': a winning move' : ''}`,
      'data-testid': `board-${component}-cell-${i + 1}`, 'data-winning': win ? 'true' : 'false',
      onclick: () => {
        if (ch === 'X') return say(`cell ${i + 1} is already marked`);
        if (k < 0) return say(`marking cell ${i + 1} would let the opponent make three in a row`);
        play(component, k);
      } }, ch === 'X' ? 'X' : win ? '★' : '·'));
  });
  return row;
};

/// gridsplit: click a candidate cell to remove its row and column.
const grid_board: Draw = (text, options, component, winning, play, say) => {
  const rows = text.split('/');
  const grid = el('div', { class: 'board board-gridsplit', role: 'grid', 'data-testid': `board-${component}` });
  grid.style.gridTemplateColumns = `repeat(${rows[0].length}, 2.2em)`;
  rows.forEach((row, i) => [...row].forEach((ch, j) => {
    const k = options.findIndex((o) => o.row === i + 1 && o.column === j + 1);
    const win = k >= 0 && winning(options[k]);
    const candidate = ch === '*' || ch === '^';
    grid.append(el('button', { type: 'button', class: `cell ${candidate ? 'on' : 'off'}${win ? ' win' : ''}`,
      'aria-label': `row ${i + 1} column ${j + 1}${candidate ? ': candidate' : ''}${win ? ': a winning move' : ''}`,
      'data-testid': `board-${component}-cell-${i + 1}-${j + 1}`, 'data-winning': win ? 'true' : 'false',
      onclick: () => (k >= 0 ? play(component, k) : say(`(${i + 1},${j + 1}) is not a candidate`)) },
    win ? '★' : candidate ? '*' : '·'));
  }));
  return grid;
};

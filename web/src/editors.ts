// Position editors, one per kind of game: pile editors for heap games, a
// clickable matrix for rect, a row of cells for treblecross, a grid of
// candidates for gridsplit, an edge list for graph games, a text field else.
// Each reads back the position texts in the game's own syntax.
import { el, field } from './dom';
import type { GameInfo } from './api';

/// An editor's element and how to read the position it holds.
export interface Editor {
  element: HTMLElement;
  read(): { position: string[]; input?: string };
}

/// The editor that suits `game`, filled with `position` (texts from the example).
export function make_editor(game: GameInfo, position: string[]): Editor {
  if (game.name === 'rect') return matrix_editor(position[0] ?? '0110/0000/0000/0001', '0', '1', 8, 'rect');
  if (game.name === 'gridsplit') return matrix_editor(position[0] ?? '*./.*', '.', '*', 12, 'gridsplit');
  if (game.name === 'treblecross') return row_editor(position[0] ?? '.....');
  if (graph_option(game)) return graph_editor(position);
  if (game.has_table) return pile_editor(position, game.component_noun);
  return text_editor(position, game.component_noun);
}

/// The rule option that names the game's graph file, if it has one
/// (the server leaves it out of rule_options and says input: "rule").
export function graph_option(game: GameInfo) {
  return game.input === 'rule' ? { name: 'file' } : game.rule_options.find((o) => o.kind === 'positional' && o.value_name === 'FILE');
}

function pile_editor(initial: string[], noun: string): Editor {
  const piles = initial.length ? [...initial] : ['3', '4', '5'];
  const list = el('ol', { class: 'piles', 'data-testid': 'pile-list', 'aria-label': noun });
  const step = (i: number, by: number) => {
    if (!/^\d+$/.test(piles[i])) return;
    const next = BigInt(piles[i]) + BigInt(by);
    if (next >= 0n) piles[i] = next.toString();
    draw();
  };
  function draw() {
    list.replaceChildren(...piles.map((p, i) => el('li', {},
      el('button', { type: 'button', 'data-testid': `pile-dec-${i}`, 'aria-label': `one less in pile ${i + 1}`, onclick: () => step(i, -1) }, '−'),
      el('input', { value: p, size: 8, 'aria-label': `pile ${i + 1}`, 'data-testid': `pile-${i}`,
        oninput: (e: Event) => { piles[i] = (e.target as HTMLInputElement).value.trim(); } }),
      el('button', { type: 'button', 'data-testid': `pile-inc-${i}`, 'aria-label': `one more in pile ${i + 1}`, onclick: () => step(i, 1) }, '+'),
      el('button', { type: 'button', 'data-testid': `pile-remove-${i}`, 'aria-label': `remove pile ${i + 1}`,
        onclick: () => { piles.splice(i, 1); draw(); } }, 'remove'))));
  }
  draw();
  const add = el('button', { type: 'button', 'data-testid': 'pile-add', onclick: () => { piles.push('1'); draw(); } }, `add one of the ${noun}`);
  return { element: el('div', { class: 'editor' }, list, add), read: () => ({ position: piles.filter((p) => p !== '') }) };
}

/// A matrix of cells toggled between `off` and `on`, size chosen up to `max`.
function matrix_editor(initial: string, off: string, on: string, max: number, kind: string): Editor {
  let rows = initial.split('/').map((r) => [...r].map((c) => (c === off || c === '#' ? off : on)));
  const grid = el('div', { class: `board board-${kind}`, 'data-testid': 'edit-board', role: 'grid' });
  const size_select = (label: string, id: string, get: () => number, set: (n: number) => void) => {
    const select = el('select', { 'data-testid': id, onchange: (e: Event) => { set(Number((e.target as HTMLSelectElement).value)); draw(); } },
      ...Array.from({ length: max }, (_, k) => el('option', { value: k + 1, selected: k + 1 === get() }, String(k + 1))));
    return field(label, select);
  };
  const resize = (r: number, c: number) => {
    rows = Array.from({ length: r }, (_, i) => Array.from({ length: c }, (_, j) => rows[i]?.[j] ?? on));
  };
  function draw() {
    grid.style.gridTemplateColumns = `repeat(${rows[0].length}, 2.2em)`;
    grid.replaceChildren(...rows.flatMap((row, i) => row.map((cell, j) => el('button', {
      type: 'button', class: `cell ${cell === on ? 'on' : 'off'}`, 'aria-pressed': cell === on ? 'true' : 'false',
      'aria-label': `row ${i + 1} column ${j + 1}`, 'data-testid': `edit-cell-${i + 1}-${j + 1}`,
      onclick: () => { row[j] = cell === on ? off : on; draw(); },
    }, cell === on ? (kind === 'rect' ? '1' : '*') : (kind === 'rect' ? '0' : '·')))));
  }
  draw();
  const sizes = el('div', { class: 'sizes' },
    size_select('rows', 'edit-rows', () => rows.length, (n) => resize(n, rows[0].length)),
    size_select('columns', 'edit-cols', () => rows[0].length, (n) => resize(rows.length, n)));
  const note = kind === 'rect' ? 'Click a cell to switch it between 1 and 0.' : 'Click a cell to make it a candidate (*) or a plain cell (·).';
  return { element: el('div', { class: 'editor' }, sizes, el('p', {}, note), grid),
    read: () => ({ position: [rows.map((r) => r.join('')).join('/')] }) };
}

function row_editor(initial: string): Editor {
  let cells = [...initial];
  const row = el('div', { class: 'board board-row', 'data-testid': 'edit-board', role: 'grid' });
  const length = el('input', { type: 'number', min: 1, max: 200, value: cells.length, 'data-testid': 'edit-length',
    onchange: (e: Event) => {
      const n = Math.max(1, Math.min(200, Number((e.target as HTMLInputElement).value) || 1));
      cells = Array.from({ length: n }, (_, i) => cells[i] ?? '.');
      draw();
    } });
  function draw() {
    row.replaceChildren(...cells.map((c, i) => el('button', {
      type: 'button', class: `cell ${c === 'X' ? 'on' : 'off'}`, 'aria-pressed': c === 'X' ? 'true' : 'false',
      'aria-label': `cell ${i + 1}`, 'data-testid': `edit-cell-${i + 1}`, onclick: () => { cells[i] = c === 'X' ? '.' : 'X'; draw(); },
    }, c === 'X' ? 'X' : '·')));
  }
  draw();
  return { element: el('div', { class: 'editor' }, field('cells', length), el('p', {}, 'Click a cell to place or remove an X.'), row),
    read: () => ({ position: [cells.join('')] }) };
}

const kSampleGraph = '# one edge FROM TO a line\na b\nb c\na c\nd a\n';

function graph_editor(initial: string[]): Editor {
  const edges = el('textarea', { rows: 8, cols: 40, 'data-testid': 'edit-graph', spellcheck: 'false' }, kSampleGraph);
  const upload = el('input', { type: 'file', 'data-testid': 'edit-upload', onchange: async (e: Event) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (file) edges.value = await file.text();
  } });
  const pebbles = el('input', { value: initial.length ? initial.join(' ') : 'b d', 'data-testid': 'edit-text', size: 30 });
  return { element: el('div', { class: 'editor' },
    field('graph (edge list)', edges, "One edge 'FROM TO' a line; a line with one name declares a vertex; '#' starts a comment."),
    field('or upload a graph file', upload),
    field('pebbles (vertices, space-separated)', pebbles)),
  read: () => ({ position: pebbles.value.split(/\s+/).filter(Boolean), input: edges.value }) };
}

function text_editor(initial: string[], noun: string): Editor {
  const text = el('input', { value: initial.join(' '), 'data-testid': 'edit-text', size: 40 });
  return { element: el('div', { class: 'editor' }, field(`${noun} (space-separated)`, text)),
    read: () => ({ position: text.value.split(/\s+/).filter(Boolean) }) };
}

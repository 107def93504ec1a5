// The playground: pick a catalogue game, set its rule options, edit a
// position, see its analysis and explain view, play moves (analysis mode: both
// sides; play mode: against the engine, with undo and hints), and for heap
// games the sequence view. Everything is computed by `grundy serve`.
import './style.css';
import { el, field, replace } from './dom';
import * as api from './api';
import type { GameInfo, PositionRequest, Report } from './api';
import { make_editor, type Editor } from './editors';
import { render_board } from './board';
import { render_heaps } from './heaps';
import { render_options, render_summary } from './results';
import { is_over } from './moves';
import { sequence_view } from './sequence';
import { empty_report, engine_turn, reply_of, type Played } from './engine';

/// A game against the engine: who is who, the positions to undo to, the result.
interface Match {
  human_first: boolean;
  history: PositionRequest[];
  over: string | null;
}

const app = document.getElementById('app')!;
const message = el('p', { class: 'message', role: 'status', 'aria-live': 'polite', 'data-testid': 'message' });
// What happened to a request on its way (a busy server asked again), apart from the game's messages.
const server_note = el('p', { class: 'server-note', role: 'status', 'aria-live': 'polite', 'data-testid': 'server-note' });
api.on_notice((text) => { server_note.textContent = text; });
const analysis = el('section', { class: 'analysis', 'data-testid': 'analysis', 'aria-labelledby': 'analysis-h' });
let catalogue: GameInfo[] = [];
let game: GameInfo;
let rule_inputs: Map<string, HTMLInputElement | HTMLSelectElement> = new Map();
let editor: Editor;
let current: PositionRequest | null = null;
let report: Report | null = null;
let match: Match | null = null;
let hints = true;
let busy = false;

const say = (text: string) => { message.textContent = text; };

/// An option's name without its dashes (the API gives "--set", the page's ids say "set").
const bare = (name: string) => name.replace(/^-+/, '');

/// The example's words after the game's name, split into rule values and position texts.
function example_words(info: GameInfo): { rules: Record<string, string>; position: string[] } {
  const words = (info.example.split('(')[0].match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map((w) => w.replace(/^['"]|['"]$/g, ''));
  const start = words.indexOf(info.name);
  const rest = start >= 0 ? words.slice(start + 1) : [];
  const rules: Record<string, string> = {};
  const position: string[] = [];
  const positional = info.rule_options.filter((o) => o.kind === 'positional');
  // A game whose file comes as input (dag, graph): its example's first word names that file.
  let file_word = info.input === 'rule';
  for (let i = 0; i < rest.length; ++i) {
    if (file_word && !rest[i].startsWith('--')) { file_word = false; continue; }
    const option = rest[i].startsWith('--') ? info.rule_options.find((o) => bare(o.name) === bare(rest[i])) : undefined;
    if (option) rules[option.name] = option.kind === 'value' ? rest[++i] : 'true';
    else if (positional.length) rules[positional.shift()!.name] = rest[i];
    else position.push(rest[i]);
  }
  return { rules, position };
}

function rules_form(info: GameInfo, preset: Record<string, string>): HTMLElement {
  rule_inputs = new Map();
  const fields = info.rule_options.filter((o) => o.value_name !== 'FILE').map((o) => {
    const id = `rule-${bare(o.name)}`;
    const fallback = o.default === null || o.default === undefined ? '' : String(o.default);
    const initial = preset[o.name] ?? (o.choices?.length ? fallback : '');
    let control: HTMLInputElement | HTMLSelectElement;
    if (o.kind === 'flag') control = el('input', { type: 'checkbox', id, checked: initial === 'true', 'data-testid': id });
    else if (o.choices && o.choices.length) {
      control = el('select', { id, 'data-testid': id }, ...o.choices.map((c) => el('option', { value: c, selected: c === initial }, c)));
    } else control = el('input', { id, value: initial, placeholder: fallback, required: o.required, 'data-testid': id, size: 16 });
    rule_inputs.set(o.name, control);
    return field(`${bare(o.name)}${o.value_name ? ` (${o.value_name})` : ''}${o.required ? ' *' : ''}`, control, o.help);
  });
  return el('fieldset', { class: 'rules-form', 'data-testid': 'rules-form' },
    el('legend', {}, 'rule options'), ...(fields.length ? fields : [el('p', {}, 'This game has no rule options.')]));
}

function rules(): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [name, control] of rule_inputs) {
    if (control instanceof HTMLInputElement && control.type === 'checkbox') { if (control.checked) out[name] = true; }
    else if (control.value.trim() !== '') out[name] = control.value.trim();
  }
  return out;
}

function editor_request(): PositionRequest {
  const { position, input } = editor.read();
  const request: PositionRequest = { game: game.name, rules: rules(), position };
  if (input !== undefined) request.input = input;
  if ((document.getElementById('misere') as HTMLInputElement | null)?.checked) request.misere = true;
  return request;
}

/// Who won when `mover` made the last move: under misère play that player lost.
function last_move_by(mover: 'you' | 'engine'): string {
  const you_won = (mover === 'you') !== (current?.misere === true);
  const who = mover === 'you' ? 'You made the last move' : 'The engine made the last move';
  return `${who}${current?.misere ? ' (misère play)' : ''}: ${you_won ? 'you won!' : 'the engine won.'}`;
}

function choose_game(name: string): void {
  game = catalogue.find((g) => g.name === name)!;
  match = null;
  report = null;
  hints = true;
  const example = example_words(game);
  editor = make_editor(game, example.position);
  const info = el('section', { class: 'game-info', 'data-testid': 'game-info', 'aria-labelledby': 'game-h' },
    el('h2', { id: 'game-h', 'data-testid': 'game-title' }, `${game.name}: ${game.summary}`),
    el('p', { 'data-testid': 'game-rules' }, el('b', {}, 'Rules. '), game.rules),
    el('p', { 'data-testid': 'game-syntax' }, el('b', {}, 'Position. '), game.syntax),
    el('p', { 'data-testid': 'game-example' }, el('b', {}, 'Example. '), el('code', {}, game.example.startsWith('grundy ') ? game.example : `grundy ${game.example}`)),
    game.limits ? el('p', {}, el('b', {}, 'Limits. '), game.limits) : '');
  const edit = el('section', { class: 'edit', 'aria-labelledby': 'edit-h' }, el('h2', { id: 'edit-h' }, 'Position'),
    rules_form(game, example.rules), editor.element,
    el('label', { class: 'row' }, el('input', { type: 'checkbox', id: 'misere', 'data-testid': 'misere' }),
      ' misère play (the player who makes the last move loses)'),
    el('div', { class: 'row' },
      el('button', { type: 'button', 'data-testid': 'analyse', onclick: () => start(null) }, 'Analyse'),
      field('who starts', el('select', { 'data-testid': 'play-first', id: 'play-first' },
        el('option', { value: 'human' }, 'I move first'), el('option', { value: 'engine' }, 'the engine moves first'))),
      el('button', { type: 'button', 'data-testid': 'play-start',
        onclick: () => start((document.getElementById('play-first') as HTMLSelectElement).value === 'human') }, 'Play against the engine')));
  replace(analysis);
  replace(app, picker(), info, edit, message, server_note, analysis, game.has_table ? sequence_view(game, rules, say) : '');
  say('');
}

function picker(): HTMLElement {
  const select = el('select', { id: 'game', 'data-testid': 'game-select', onchange: (e: Event) => choose_game((e.target as HTMLSelectElement).value) },
    ...catalogue.map((g) => el('option', { value: g.name, selected: g.name === game?.name }, `${g.name}: ${g.summary}`)));
  return el('nav', { class: 'picker' }, field('game', select));
}

/// Starts analysis (human_first null) or a match against the engine from the editor's position.
async function start(human_first: boolean | null): Promise<void> {
  current = editor_request();
  match = human_first === null ? null : { human_first, history: [], over: null };
  hints = match === null;
  if (match && !human_first) {
    await guard(async () => {
      const played = await engine_turn(current!);
      if (!played) match!.over = `The engine has no move. ${last_move_by('you')}`;
      else {
        current = { ...current!, position: played.position };
        say(engine_said(played));
      }
    });
  }
  await refresh();
}

const engine_said = (played: Played) => `The engine played ${played.move}${played.why ? ` (${played.why})` : ''}.`;

/// Runs `work` once at a time, showing its error as the message.
async function guard(work: () => Promise<void>): Promise<boolean> {
  if (busy) return false;
  busy = true;
  server_note.textContent = '';
  analysis.setAttribute('aria-busy', 'true');
  try {
    await work();
    return true;
  } catch (e) {
    say((e as Error).message);
    return false;
  } finally {
    busy = false;
    analysis.removeAttribute('aria-busy');
  }
}

async function refresh(): Promise<void> {
  if (!current) return;
  // Nothing left (the last component was taken): the server answers the empty position of a game whose
  // components are typed; in the others (no pebble on a graph, no board) the player to move has lost here.
  const empty = current.position !== undefined && current.position.length === 0 && game.input !== 'none';
  const ok = await guard(async () => { report = empty ? empty_report(game.name, current!.misere) : await api.explain(current!); });
  if (!ok) return;
  if (match && !match.over && is_over(report!)) match.over = last_move_by('engine');
  draw();
}

async function play(component: number, option: number): Promise<void> {
  if (!current || (match && match.over)) return;
  const before = current;
  const ok = await guard(async () => {
    const answer = await api.move(current!, { component, option }, match !== null);
    current = { ...current!, position: answer.position ?? [] };
    if (match) {
      match.history.push(before);
      const played = await reply_of(answer, current);
      if (played) current = { ...current, position: played.position };
      else match.over = `The engine has no move left. ${last_move_by('you')}`;
      say(played ? engine_said(played) : '');
    } else say('');
  });
  if (ok) await refresh();
}

async function undo(): Promise<void> {
  if (!match || match.history.length === 0) return;
  current = match.history.pop()!;
  match.over = null;
  say('Took back your last move and the reply.');
  await refresh();
}

function draw(): void {
  if (!report) return;
  const controls = match ? el('div', { class: 'row play-controls', 'data-testid': 'play-controls' },
    el('span', { 'data-testid': 'play-turn' }, match.over ? 'Game over.' : 'Your move.'),
    el('button', { type: 'button', 'data-testid': 'undo', disabled: match.history.length === 0, onclick: undo }, 'Undo'),
    el('label', {}, el('input', { type: 'checkbox', 'data-testid': 'hints', checked: hints,
      onchange: (e: Event) => { hints = (e.target as HTMLInputElement).checked; draw(); } }), ' show hints (winning moves)'),
    el('button', { type: 'button', 'data-testid': 'play-stop', onclick: () => { match = null; hints = true; draw(); } }, 'Stop playing')) : '';
  const over = match?.over ??
    (is_over(report) ? `No moves left: the player to move has ${current?.misere ? 'won (misère play)' : 'lost'}.` : '');
  const can_play = !match?.over;
  replace(analysis,
    el('h2', { id: 'analysis-h' }, match ? 'Game against the engine' : 'Analysis'),
    el('p', { 'data-testid': 'position' }, 'position: ', el('code', {}, report.position.join('  ') || '(nothing left)')),
    controls,
    over ? el('p', { class: 'game-over', role: 'alert', 'data-testid': 'play-message' }, over) : '',
    render_summary(report, hints),
    render_board(game.name, report, hints, (c, o) => { if (can_play) void play(c, o); }, say) ??
      render_heaps(report, game.component_noun) ?? '',
    render_options(report, hints, can_play ? (c, o) => void play(c, o) : null));
}

async function main(): Promise<void> {
  try {
    catalogue = await api.games();
  } catch (e) {
    replace(app, el('p', { class: 'message', role: 'alert' }, `Cannot load the game catalogue: ${(e as Error).message}`));
    return;
  }
  const wanted = new URLSearchParams(location.search).get('game');
  choose_game(catalogue.some((g) => g.name === wanted) ? wanted! : catalogue[0].name);
}

void main();

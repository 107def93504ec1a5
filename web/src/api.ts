// The JSON API of `grundy serve` (docs/api.md): the game catalogue, solve,
// explain, move and table. Replies mirror `grundy --json`; an error is
// {"error": "one line"} with a 4xx/5xx status, thrown here as ApiError. A busy
// server (503) is asked once more after the wait it names (Retry-After), and
// the page is told what happened (on_notice).

/// One rule option of a game, as the command line takes it.
export interface RuleOption {
  name: string;
  kind: 'positional' | 'value' | 'flag';
  value_name: string;
  help: string;
  required: boolean;
  default: string | number | boolean | null;
  choices: string[] | null;
}

/// One catalogue game.
export interface GameInfo {
  name: string;
  aliases: string[];
  summary: string;
  rules: string;
  syntax: string;
  example: string;
  limits: string;
  component_noun: string;
  rule_options: RuleOption[];
  reads_input: boolean;
  /// "none"; "position": `input` may stand for the position; "rule": `input` is the game's file (required).
  input?: 'none' | 'position' | 'rule';
  position_optional?: boolean;
  has_table: boolean;
  table_max_upto: number;
}

/// A game value: a nimber, or infinity(K) in loopy games.
export type Value = number | { infinity: number[] };

/// A winning move: an object with its component, or a bare cell number (treblecross).
export type WinningMove = number | ({ component?: number; move?: string } & Record<string, unknown>);

/// What `grundy --json GAME ...` prints (fields beyond these are game fields).
export interface Report {
  game: string;
  position: string[];
  /// null under misère play (a misère position has no nimber).
  value: Value | null;
  /// "misere" when the report answers misère play (the last player to move loses).
  play?: string;
  winner: string;
  components: Value[];
  winning_moves: WinningMove[];
  /// null when not every winning move could be found (winning_moves_complete false).
  winning_moves_count: number | null;
  winning_moves_complete?: boolean;
  /// How many were found when winning_moves_count is null.
  winning_moves_found?: number;
  /// Misère play: the genus of the whole position, null where not computed.
  position_genus?: string | null;
  outcome: string;
  /// The position drawn for people (solve, explain and move answers): lines ending in a newline.
  drawing?: string;
  explain?: ExplainedComponent[];
  [field: string]: unknown;
}

/// One option of a component, as explain lists it.
export interface ExplainOption {
  move: string;
  result: string[];
  value: Value;
  /// Misère play: the outcome the option leaves for the player then to move.
  misere_outcome?: 'win' | 'loss' | 'draw';
  [field: string]: unknown;
}

/// One component of an explained position.
export interface ExplainedComponent {
  component: number;
  position: string;
  value: Value;
  options_count: number;
  options_listed?: number;
  /// Misère play: the component's genus ("0^120") where it was computed.
  genus?: string;
  options: ExplainOption[];
}

/// A position as the API takes it: component texts, or a file's text.
export interface PositionRequest {
  game: string;
  rules: Record<string, string | boolean>;
  position?: string[];
  input?: string;
  /// Misère play: the player who makes the last move loses.
  misere?: boolean;
}

/// A move the server played: its text (older servers), or {component, option, move (text), ...}.
export type MoveDone = string | { component: number; option: number | null; move: string; [field: string]: unknown };

/// The reply of /api/move: the move played, why (the engine's moves), the position after it,
/// its report, and the engine's reply when one was asked for and the game goes on.
export interface MoveReply {
  move?: MoveDone;
  why?: string;
  position?: string[];
  report?: Report;
  reply?: { move: MoveDone; why?: string; position: string[]; report: Report } | null;
}

/// The reply of /api/table.
export interface TableReply {
  game: string;
  upto: number;
  values: number[];
  period: number | null;
  preperiod: number | null;
  stats?: {
    largest: number;
    frequencies: Record<string, number>;
    rare_mask: number;
    rare_heap_parity?: boolean;
    rare_parity?: number;
    rare_count: number;
    last_rare: number;
  };
  [field: string]: unknown;
}

/// An error reported by the server (its one line).
export class ApiError extends Error {}

/// What the page is told about a request on its way (a busy server asked again); '' clears it.
let notice: (text: string) => void = () => {};
export function on_notice(show: (text: string) => void): void { notice = show; }

/// The longest wait before asking a busy server again, in seconds.
const kMostRetryWait = 5;

/// The answer to `init` at `path`; a 503 (every computing slot taken and the queue full) is asked once more.
async function fetch_once_more_if_busy(path: string, init: RequestInit): Promise<Response> {
  const response = await fetch(`api/${path}`, init);
  if (response.status !== 503) return response;
  const named = Number(response.headers.get('retry-after'));
  const seconds = Math.min(kMostRetryWait, named > 0 ? named : 1);
  notice(`The server is busy: asking again in ${seconds} s.`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const again = await fetch(`api/${path}`, init);
  notice(again.status === 503 ? `The server was busy, and still was when asked again ${seconds} s later.`
    : `The server was busy; asked again ${seconds} s later, it answered.`);
  return again;
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  const init: RequestInit = body === undefined ? {} : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  const response = await fetch_once_more_if_busy(path, init);
  const text = await response.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok || (data as { error?: string }).error) {
    throw new ApiError((data as { error?: string }).error ?? `the server answered ${response.status}`);
  }
  return data as T;
}

/// Every catalogue game.
export const games = () => call<{ games: GameInfo[] }>('games').then((r) => r.games);
/// The value, winner and winning moves of a position.
export const solve = (req: PositionRequest) => call<Report>('solve', { ...req, max_moves: 1000 });
/// Every option of every component with its value.
export const explain = (req: PositionRequest) => call<Report>('explain', { ...req, limit: 1000 });
/// Plays option `option` of component `component`; with reply, the engine answers.
export const move = (req: PositionRequest, choice: { component: number; option: number }, reply: boolean) =>
  call<MoveReply>('move', { ...req, move: choice, reply });
/// The engine moves from the position (its choice of move is the server's).
export const engine_move = (req: PositionRequest) => call<MoveReply>('move', { ...req, engine: true });
/// Plays a chosen option without asking for a reply.
export const play_only = (req: PositionRequest, choice: { component: number; option: number }) =>
  call<MoveReply>('move', { ...req, move: choice });
/// g(0..upto) of a heap game with its period.
export const table = (game: string, rules: Record<string, string | boolean>, upto: number) =>
  call<TableReply>('table', { game, rules, upto });

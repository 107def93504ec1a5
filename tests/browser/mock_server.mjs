// A stand-in for `grundy serve` while the page is developed: it serves a built
// page directory and answers the /api/ routes by running the grundy command
// line (`--json`), in the shape agreed with the server (docs/playground.md).
// Development only: the browser tests run against the real `grundy serve`.
// Usage: node tests/browser/mock_server.mjs GRUNDY_BINARY DIST_DIR PORT
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, extname, normalize } from 'node:path';

const [grundy, dist, port] = process.argv.slice(2);
const scratch = mkdtempSync(join(tmpdir(), 'grundy-mock-'));

function run(args) {
  return new Promise((resolve, reject) => {
    execFile(grundy, ['--json', '-q', ...args], { maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      if (stdout.trim().startsWith('{')) return resolve(JSON.parse(stdout));
      reject(new Error((stderr || String(err)).trim().split('\n').pop().replace(/^grundy: error: /, '')));
    });
  });
}

function help_text(args) {
  return new Promise((resolve) => execFile(grundy, args, (_e, out) => resolve(out)));
}

/// One catalogue entry from `grundy GAME --help`.
async function describe(name, summary) {
  const text = await help_text([name, '--help']);
  const field = (label) => (text.match(new RegExp(`^${label}: (.*)$`, 'm')) || [])[1] || '';
  const rule_options = [];
  for (const m of text.matchAll(/^ {2}(\S+) (\S+)(?: (REQUIRED))?\s+(.*)$/gm)) {
    if (m[1].startsWith('-') || m[1] === 'position') continue;
    rule_options.push({ name: m[1], kind: 'positional', value_name: m[2], help: m[4], required: !!m[3], default: null, choices: [] });
  }
  for (const m of text.matchAll(/^ {2}(?:-\w,)?--([\w-]+)(?: ([^\s:]+)(?::\{([^}]*)\})?)?( REQUIRED)?\s*\n?\s*(.*)$/gm)) {
    if (['help', 'max-moves', 'threads', 'no-cache', 'batch', 'file'].includes(m[1])) continue;
    const def = (m[5].match(/\(default ([^;)]+)/) || [])[1] || null;
    rule_options.push({ name: m[1], kind: m[2] ? 'value' : 'flag', value_name: m[2] || '', help: m[5], required: !!m[4],
      default: def, choices: m[3] ? m[3].split(',') : [] });
  }
  const table = await help_text(['table', name, '--help']);
  return { name, aliases: [], summary, rules: field('Rules'), syntax: field('Position'), example: field('Example'),
    limits: field('Limits'), component_noun: (text.match(/the position: (\w+)/) || [])[1] || 'components', rule_options,
    reads_input: /FILE|'-'/.test(field('Position')) || rule_options.some((o) => o.value_name === 'FILE'),
    has_table: table.includes('--upto N REQUIRED'), table_max_upto: 1 << 20 };
}

let games_cache = null;
async function games() {
  if (games_cache) return games_cache;
  const text = await help_text(['--help']);
  const rows = [...text.split('Subcommands:')[1].matchAll(/^ {2}(\S+)\s+(.*)$/gm)];
  const list = [];
  for (const [, name, summary] of rows) if (!['explain', 'table', 'examples'].includes(name)) list.push(await describe(name, summary));
  return (games_cache = { games: list });
}

async function game_args(body) {
  const info = (await games()).games.find((g) => g.name === body.game);
  if (!info) throw new Error(`unknown game '${body.game}'`);
  const args = [];
  const positional = [];
  const file = info.rule_options.find((o) => o.kind === 'positional' && o.value_name === 'FILE');
  for (const o of info.rule_options) {
    const v = body.rules?.[o.name];
    if (o.kind === 'positional') { if (o !== file && v !== undefined) positional.push(String(v)); continue; }
    if (v === undefined || v === '' || v === false) continue;
    args.push(`--${o.name}`);
    if (o.kind === 'value') args.push(String(v));
  }
  const input_file = () => { const p = join(scratch, `in${Date.now()}${Math.random()}`); writeFileSync(p, body.input ?? ''); return p; };
  if (file) positional.push(input_file());
  const position = body.position ?? (file ? [] : [input_file()]);
  return { args: [...args, ...positional], position, info };
}

async function solve(body, command = []) {
  const { args, position } = await game_args(body);
  if (position.length === 0) return { game: body.game, position: [], value: 0, winner: 'second', components: [], winning_moves: [], winning_moves_count: 0, outcome: 'second', ...(command.length ? { explain: [] } : {}) };
  const limit = command.length ? ['--limit', String(body.limit ?? 1000)] : ['--max-moves', String(body.max_moves ?? 100)];
  return run([...command, body.game, ...args, ...limit, ...position]);
}

/// Plays option `choice` of the explained position; returns the new position's texts.
function apply(explained, choice) {
  const comps = explained.explain;
  const c = comps[choice.component];
  const option = c?.options?.[choice.option];
  if (!option) throw new Error('no such option in this position');
  const position = [];
  comps.forEach((k, i) => position.push(...(i === choice.component ? option.result : [k.position])));
  return { position, move: option.move };
}

function engine_choice(explained) {
  const comps = explained.explain;
  const total = comps.reduce((x, c) => x ^ (typeof c.value === 'number' ? c.value : 0), 0);
  let any = null;
  for (const [i, c] of comps.entries()) for (const [j, o] of c.options.entries()) {
    any ??= { component: i, option: j };
    if (o.value === (total ^ c.value)) return { component: i, option: j };
  }
  return any;
}

async function move(body) {
  let explained = await solve(body, ['explain']);
  const base = { game: body.game, rules: body.rules };
  let position = explained.position;
  const out = {};
  if (!body.engine) {
    let choice = body.move;
    if (body.text !== undefined) {
      choice = null;
      explained.explain.forEach((c, i) => c.options.forEach((o, j) => { if (o.move === body.text) choice = { component: i, option: j }; }));
      if (!choice) throw new Error(`no move '${body.text}' in this position`);
    }
    ({ position } = apply(explained, choice));
    out.position = position;
    out.report = await solve({ ...base, position });
    if (!body.reply) return out;
    explained = await solve({ ...base, position }, ['explain']);
  }
  const choice = engine_choice(explained);
  if (!choice) { out.reply = null; return out; }
  const reply = apply(explained, choice);
  out.reply = { move: reply.move, position: reply.position, report: await solve({ ...base, position: reply.position }) };
  return out;
}

const routes = {
  '/api/solve': (b) => solve(b),
  '/api/explain': (b) => solve(b, ['explain']),
  '/api/move': move,
  '/api/table': async (b) => { const { args } = await game_args({ ...b, rules: { ...b.rules, upto: undefined }, position: [] }); return run(['table', b.game, ...args, '--upto', String(b.upto)]); },
};

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
createServer(async (req, res) => {
  const send = (status, body, type = 'application/json') => { res.writeHead(status, { 'content-type': type }); res.end(body); };
  try {
    if (req.url === '/api/games') return send(200, JSON.stringify(await games()));
    if (routes[req.url] && req.method === 'POST') {
      let data = '';
      for await (const chunk of req) data += chunk;
      return send(200, JSON.stringify(await routes[req.url](JSON.parse(data))));
    }
    if (req.url.startsWith('/api/')) return send(404, JSON.stringify({ error: `no route ${req.url}` }));
    const file = join(dist, normalize(req.url.split('?')[0] === '/' ? '/index.html' : req.url.split('?')[0]));
    if (!existsSync(file)) return send(404, 'not found', 'text/plain');
    send(200, readFileSync(file), types[extname(file)] || 'application/octet-stream');
  } catch (e) {
    send(400, JSON.stringify({ error: e.message }));
  }
}).listen(Number(port), '127.0.0.1', () => console.log(`mock grundy serve: listening on http://127.0.0.1:${port}/`));

// End-to-end tests of the playground: headless Chromium (Debian's) driven by
// playwright-core against a running `grundy serve` (scripts/browser_test.sh
// starts it and sets GRUNDY_URL). Every assertion reads real engine results off
// the page; screenshots go to GRUNDY_SHOTS (build/browser/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const url = process.env.GRUNDY_URL ?? 'http://127.0.0.1:8080/';
const shots = process.env.GRUNDY_SHOTS ?? 'build/browser';
const chromium_path = process.env.CHROMIUM ?? '/usr/bin/chromium';
mkdirSync(shots, { recursive: true });

let browser;
let context;

before(async () => {
  browser = await chromium.launch({ executablePath: chromium_path, headless: true, args: ['--no-sandbox'] });
  context = await browser.newContext({ viewport: { width: 1200, height: 1000 }, acceptDownloads: true });
  context.setDefaultTimeout(20000);
});

after(async () => {
  await browser?.close();
});

/// A fresh page on `game`, failing the test on any script error in the page.
async function open(game) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(game ? `${url}?game=${game}` : url);
  await page.getByTestId('game-select').waitFor();
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

const text = async (page, id) => (await page.getByTestId(id).textContent()).trim();

test('the page loads the catalogue and shows a game with its rules, syntax and example', async () => {
  const page = await open();
  const names = await page.getByTestId('game-select').locator('option').evaluateAll((os) => os.map((o) => o.value));
  for (const name of ['nim', 'kayles', 'treblecross', 'rect', 'gridsplit', 'dag']) assert.ok(names.includes(name), name);
  await page.getByTestId('game-select').selectOption('nim');
  assert.match(await text(page, 'game-title'), /^nim: /i);
  assert.match(await text(page, 'game-example'), /grundy nim 3 4 5/);
  // Nim 3 4 5: nim-sum 2, the first player wins by taking 2 from the 3.
  await page.getByTestId('analyse').click();
  await page.getByTestId('value').waitFor();
  assert.equal(await text(page, 'value'), '2');
  assert.equal(await page.getByTestId('winner').getAttribute('data-winner'), 'first');
  assert.equal(await text(page, 'component-values'), '3 ⊕ 4 ⊕ 5');
  await shot(page, 'nim');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the pile editor changes a heap and the analysis follows', async () => {
  const page = await open('nim');
  await page.getByTestId('pile-inc-0').click(); // 4 4 5: nim-sum 5
  await page.getByTestId('analyse').click();
  await page.getByTestId('value').waitFor();
  assert.equal(await text(page, 'value'), '5');
  await page.close();
});

test('rect: clicking a winning move on the board leaves a position of value 0', async () => {
  const page = await open('rect');
  // Edit the example board: switch cell (4,4) off and (3,1) on: 0110/0000/1000/0000.
  await page.getByTestId('edit-cell-4-4').click();
  await page.getByTestId('edit-cell-3-1').click();
  await page.getByTestId('analyse').click();
  await page.getByTestId('value').waitFor();
  assert.equal(await text(page, 'position'), 'position: 0110/0000/1000/0000');
  assert.notEqual(await text(page, 'value'), '0');
  const marks = page.locator('[data-testid^="board-0-win-"]');
  assert.ok((await marks.count()) > 0, 'winning moves are marked on the board');
  await shot(page, 'rect-before');
  await marks.first().click();
  await page.getByTestId('value').filter({ hasText: /^0$/ }).waitFor();
  assert.equal(await page.getByTestId('winner').getAttribute('data-winner'), 'second');
  await shot(page, 'rect-after');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('treblecross: from a won position, following the hints beats the engine', async () => {
  const page = await open('treblecross');
  // A row of 11 empty cells: the first player wins (cells 3, 6 and 9 win).
  await page.getByTestId('edit-length').fill('11');
  await page.getByTestId('edit-length').dispatchEvent('change');
  await page.getByTestId('play-first').selectOption('human');
  await page.getByTestId('play-start').click();
  await page.getByTestId('hints').check();
  for (let turn = 0; turn < 12; ++turn) {
    await page.getByTestId('analysis').and(page.locator(':not([aria-busy])')).waitFor();
    if (await page.getByTestId('play-message').count()) break;
    const winning = page.locator('[data-testid^="board-0-cell-"][data-winning="true"]');
    assert.ok((await winning.count()) > 0, `a hint is shown at turn ${turn}`);
    const before = await text(page, 'position');
    await winning.first().click();
    await page.waitForFunction((b) => {
      const p = document.querySelector('[data-testid="position"]');
      return document.querySelector('[data-testid="play-message"]') || (p && p.textContent.trim() !== b);
    }, before);
    if (turn === 0) await shot(page, 'treblecross-first-move');
  }
  assert.match(await text(page, 'play-message'), /you won/i);
  await shot(page, 'treblecross-won');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('misère play: nim 1 1 is won by the player to move (take one 1, leave the other)', async () => {
  // grundy --json nim --misere 1 1: winner "first", value null, 2 winning moves (either 1).
  const page = await open('nim');
  await page.getByTestId('pile-remove-2').click();
  await page.getByTestId('pile-0').fill('1');
  await page.getByTestId('pile-1').fill('1');
  await page.getByTestId('misere').check();
  await page.getByTestId('analyse').click();
  await page.getByTestId('value').waitFor();
  assert.equal(await text(page, 'value'), 'misère play');
  assert.equal(await page.getByTestId('winner').getAttribute('data-winner'), 'first');
  assert.equal(await text(page, 'winning-count'), '2');
  assert.equal(await text(page, 'component-values'), '1, 1');  // normal values, not a nim-sum
  // The option table speaks of misère play: taking a pile leaves 1, a loss for the player then to move.
  assert.match(await text(page, 'option-value-0-0'), /^loss for the player to move \(winning\)$/);
  await shot(page, 'nim-misere');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('kayles sequence view: period 12 and pre-period 71, rare values, SVG and PNG export', async () => {
  const page = await open('kayles');
  await page.getByTestId('seq-upto').fill('300');
  await page.getByTestId('seq-show').click();
  await page.getByTestId('seq-period-value').waitFor();
  assert.equal(await text(page, 'seq-period-value'), '12');
  assert.equal(await text(page, 'seq-preperiod-value'), '71');
  assert.equal(await text(page, 'seq-period'), 'period 12, pre-period 71');
  // Kayles' rare values 0, 3, 5, 6 occur 10 times in g(0..300) (last at n = 70).
  assert.match(await text(page, 'seq-summary'), /10 rare values/);
  await page.locator('[data-testid="seq-chart"] svg').waitFor();
  await shot(page, 'kayles-sequence');

  const [svg_download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('seq-export-svg').click()]);
  const svg = readFileSync(await svg_download.path(), 'utf8');
  assert.match(svg, /^<svg[\s>]/);
  assert.match(svg, /<\/svg>\s*$/);
  assert.ok(svg.includes('circle') || svg.includes('path'), 'the SVG draws the points');

  const [png_download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('seq-export-png').click()]);
  const png = readFileSync(await png_download.path());
  assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('play mode without hints hides the value, the winner and the number of winning moves', async () => {
  // Nim 3 4 5: value 2, the player to move wins, one winning move (3 -> 1).
  const page = await open('nim');
  await page.getByTestId('play-first').selectOption('human');
  await page.getByTestId('play-start').click();
  await page.getByTestId('play-controls').waitFor();
  assert.equal(await page.getByTestId('hints').isChecked(), false);
  for (const id of ['value', 'winner', 'component-values', 'winning-count']) {
    assert.equal(await text(page, id), 'hidden (show hints)', id);
  }
  assert.equal(await page.getByTestId('winner').getAttribute('data-winner'), 'hidden');
  assert.equal(await page.locator('[data-winning="true"]').count(), 0);
  await shot(page, 'nim-play-no-hints');
  await page.getByTestId('hints').check();
  await page.getByTestId('value').filter({ hasText: /^2$/ }).waitFor();
  assert.equal(await page.getByTestId('winner').getAttribute('data-winner'), 'first');
  assert.equal(await text(page, 'winning-count'), '1');
  assert.equal(await text(page, 'component-values'), '3 ⊕ 4 ⊕ 5');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('heap games show their heaps as rows of tokens, down to the empty position', async () => {
  const page = await open('nim');
  await page.getByTestId('analyse').click();
  await page.getByTestId('heaps').waitFor();
  for (const [i, size] of [[0, 3], [1, 4], [2, 5]]) {
    assert.equal(await page.getByTestId(`heap-${i}`).getAttribute('data-size'), String(size));
    assert.equal(await page.getByTestId(`heap-${i}-tokens`).locator('.token').count(), size);
  }
  await shot(page, 'nim-heaps');
  // Taking the whole pile of 3 leaves two rows of 4 and 5 tokens.
  await page.getByTestId('play-option-0-0').click();  // take the whole pile of 3 (explain lists leaving 0 first)
  await page.getByTestId('position').filter({ hasText: /^position: 4 {2}5$/ }).waitFor();
  assert.equal(await page.getByTestId('heap-0-tokens').locator('.token').count(), 4);
  assert.equal(await page.getByTestId('heap-1-tokens').locator('.token').count(), 5);
  // The empty position (every pile removed): the player to move has no move, and loses; under misère play, wins.
  for (const i of [2, 1, 0]) await page.getByTestId(`pile-remove-${i}`).click();
  await page.getByTestId('analyse').click();
  await page.getByTestId('heaps').filter({ hasText: 'No pile left.' }).waitFor();
  assert.equal(await text(page, 'value'), '0');
  assert.equal(await page.getByTestId('winner').getAttribute('data-winner'), 'second');
  await page.getByTestId('misere').check();
  await page.getByTestId('analyse').click();
  await page.getByTestId('value').filter({ hasText: 'misère play' }).waitFor();
  assert.equal(await page.getByTestId('winner').getAttribute('data-winner'), 'first');
  assert.equal(await text(page, 'message'), '');
  assert.deepEqual(page.errors, []);
  await page.close();
});

/// Answers the page's first `busy` requests to `path` with the server's 503 (every slot taken, the queue full);
/// the counts of requests seen.
async function busy_server(page, path, busy) {
  const seen = { count: 0 };
  await page.route(`**/api/${path}`, async (route) => {
    seen.count += 1;
    if (seen.count > busy) return route.continue();
    return route.fulfill({ status: 503, contentType: 'application/json', headers: { 'Retry-After': '1' },
      body: JSON.stringify({ error: 'the server is busy: 2 computations running and 8 waiting; try again shortly' }) });
  });
  return seen;
}

test('a busy server is asked once more by itself, and the page says so', async () => {
  const page = await open('nim');
  const seen = await busy_server(page, 'explain', 1);
  await page.getByTestId('analyse').click();
  await page.getByTestId('value').filter({ hasText: /^2$/ }).waitFor();
  assert.equal(seen.count, 2);
  assert.match(await text(page, 'server-note'), /busy; asked again 1 s later, it answered/);
  assert.equal(await text(page, 'message'), '');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a server still busy when asked again shows its one line, after asking only twice', async () => {
  const page = await open('nim');
  const seen = await busy_server(page, 'explain', 100);
  await page.getByTestId('analyse').click();
  await page.getByTestId('message').filter({ hasText: /busy/ }).waitFor();
  assert.match(await text(page, 'message'), /^the server is busy: 2 computations running/);
  assert.match(await text(page, 'server-note'), /still was when asked again/);
  assert.equal(seen.count, 2);
  assert.equal(await page.getByTestId('value').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a bad position shows the server error as one line', async () => {
  const page = await open('nim');
  await page.getByTestId('pile-0').fill('x');
  await page.getByTestId('analyse').click();
  await page.getByTestId('message').filter({ hasText: /./ }).waitFor();
  assert.ok(!(await text(page, 'message')).includes('\n'));
  await page.close();
});

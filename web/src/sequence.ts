// The sequence view of a heap game: g(n) against n as a scatter plot (Apache
// ECharts, only the parts used are imported so the bundle stays small), the
// proven period and pre-period marked, rare values in their own series
// (sparse-space rule: parity of popcount(g & mask), plus n when the heap's
// parity counts, equals the rare parity), zoom, and SVG / PNG export.
import * as echarts from 'echarts/core';
import { ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { el, field, download } from './dom';
import { table, type GameInfo, type TableReply } from './api';

echarts.use([ScatterChart, GridComponent, DataZoomComponent, TooltipComponent, LegendComponent, MarkLineComponent, MarkAreaComponent, SVGRenderer]);

const popcount = (v: number) => { let c = 0; for (; v; v >>>= 1) c += v & 1; return c; };

/// True when g(n) = v is a rare value of the table's sparse space.
export function is_rare(t: TableReply, n: number, v: number): boolean {
  const s = t.stats;
  if (!s || !s.rare_mask) return false;
  return ((popcount(v & s.rare_mask) + (s.rare_heap_parity ? n : 0)) & 1) === (s.rare_parity ?? 0);
}

/// The sequence section for `game`; `rules` gives its rule options when asked.
export function sequence_view(game: GameInfo, rules: () => Record<string, string | boolean>, say: (t: string) => void): HTMLElement {
  const max = Math.min(game.table_max_upto || 100000, 100000);
  const upto = el('input', { type: 'number', min: 1, max, value: Math.min(200, max), 'data-testid': 'seq-upto' });
  const summary = el('p', { 'data-testid': 'seq-summary', 'aria-live': 'polite' });
  const chart_box = el('div', { class: 'chart', 'data-testid': 'seq-chart', role: 'img', 'aria-label': 'plot of g(n) against n' });
  let chart: echarts.ECharts | null = null;
  new ResizeObserver(() => chart?.resize()).observe(chart_box);
  const export_svg = el('button', { type: 'button', disabled: true, 'data-testid': 'seq-export-svg',
    onclick: () => chart && download(`${game.name}-values.svg`, svg_url(chart)) }, 'Export SVG');
  const export_png = el('button', { type: 'button', disabled: true, 'data-testid': 'seq-export-png',
    onclick: () => chart && png_url(chart).then((url) => download(`${game.name}-values.png`, url)) }, 'Export PNG');
  const show = el('button', { type: 'button', 'data-testid': 'seq-show', onclick: async () => {
    show.setAttribute('aria-busy', 'true');
    try {
      const t = await table(game.name, rules(), Number(upto.value));
      summary.replaceChildren(...describe(t));
      chart ??= echarts.init(chart_box, undefined, { renderer: 'svg' });
      chart.setOption(plot(t), true);
      export_svg.disabled = export_png.disabled = false;
    } catch (e) {
      say((e as Error).message);
    } finally {
      show.removeAttribute('aria-busy');
    }
  } }, 'Show g(n)');
  return el('section', { class: 'sequence', 'data-testid': 'sequence', 'aria-labelledby': 'seq-h' },
    el('h2', { id: 'seq-h' }, 'Sequence g(0..N)'),
    el('div', { class: 'row' }, field('N', upto), show, export_svg, export_png), summary, chart_box);
}

function describe(t: TableReply): (Node | string)[] {
  const parts: (Node | string)[] = [];
  if (t.period !== null && t.preperiod !== null) {
    parts.push(el('span', { 'data-testid': 'seq-period' },
      'period ', el('b', { 'data-testid': 'seq-period-value' }, String(t.period)),
      ', pre-period ', el('b', { 'data-testid': 'seq-preperiod-value' }, String(t.preperiod))));
  } else {
    parts.push(el('span', { 'data-testid': 'seq-period' }, `no period proven up to ${t.upto}`));
  }
  if (t.stats) {
    parts.push(`; largest value ${t.stats.largest}; ${t.stats.rare_count} rare values (shown as diamonds)`,
      t.stats.rare_count ? `, the last at n = ${t.stats.last_rare}` : '');
  }
  return parts;
}

function plot(t: TableReply): echarts.EChartsCoreOption {
  const common: [number, number][] = [];
  const rare: [number, number][] = [];
  t.values.forEach((v, n) => (is_rare(t, n, v) ? rare : common).push([n, v]));
  const marks = t.period !== null && t.preperiod !== null ? {
    markLine: { symbol: 'none', label: { formatter: 'pre-period {c}' }, data: [{ xAxis: t.preperiod }] },
    markArea: { itemStyle: { color: 'rgba(120,120,120,0.12)' }, label: { formatter: `one period (${t.period})`, position: 'insideBottom' },
      data: [[{ xAxis: t.preperiod }, { xAxis: Math.min(t.preperiod + t.period, t.upto) }]] },
  } : {};
  return {
    animation: false,
    tooltip: { trigger: 'item', formatter: (p: { value: [number, number] }) => `g(${p.value[0]}) = ${p.value[1]}` },
    legend: { top: 0 },
    grid: { left: 50, right: 20, top: 40, bottom: 70 },
    xAxis: { type: 'value', name: 'n', min: 0, max: t.upto },
    yAxis: { type: 'value', name: 'g(n)', minInterval: 1 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 10 }],
    series: [
      { name: 'g(n)', type: 'scatter', symbolSize: 5, data: common, color: '#1f5fa8', ...marks },
      { name: 'rare values', type: 'scatter', symbol: 'diamond', symbolSize: 9, data: rare, color: '#d4450c' },
    ],
  };
}

function svg_url(chart: echarts.ECharts): string {
  const svg = (chart as unknown as { renderToSVGString(): string }).renderToSVGString();
  return URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
}

/// The SVG drawn on a canvas at twice its size: a PNG without a second renderer.
async function png_url(chart: echarts.ECharts): Promise<string> {
  const image = new Image();
  image.src = svg_url(chart);
  await image.decode();
  const canvas = el('canvas', { width: chart.getWidth() * 2, height: chart.getHeight() * 2 });
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

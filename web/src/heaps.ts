// The picture of a heap game's position: one row of tokens per heap, read off
// the server's drawing of the position ("pile 1 (3): ● ● ●"; a huge heap is
// drawn cut, "● ● ... (1000000)"), so the page draws what the command line does.
import { el } from './dom';
import type { Report } from './api';

/// One heap of the drawing: its label, its size and the tokens drawn.
interface Heap { label: string; size: string; drawn: number; cut: boolean }

const kHeapLine = /^\s*(.*?) \((\d+)\): (.*)$/;

function heaps_of(drawing: string): Heap[] {
  const heaps: Heap[] = [];
  for (const line of drawing.split('\n')) {
    const m = kHeapLine.exec(line);
    if (!m) continue;
    heaps.push({ label: m[1], size: m[2], drawn: (m[3].match(/●/g) ?? []).length, cut: m[3].includes('...') });
  }
  return heaps;
}

/// The heaps of `report` as rows of tokens; null when its drawing has no heap (a board, a graph).
/// `noun` names a component ("pile") for the empty position.
export function render_heaps(report: Report, noun: string): HTMLElement | null {
  const drawing = typeof report.drawing === 'string' ? report.drawing : '';
  const heaps = heaps_of(drawing);
  if (heaps.length === 0) {
    if (report.position.length !== 0) return null;
    return el('p', { class: 'heaps', 'data-testid': 'heaps' }, `No ${noun} left.`);
  }
  return el('div', { class: 'heaps', 'data-testid': 'heaps', role: 'img',
    'aria-label': heaps.map((h) => `${h.label}: ${h.size}`).join(', ') },
  ...heaps.map((h, i) => el('div', { class: 'heap-row', 'data-testid': `heap-${i}`, 'data-size': h.size },
    el('span', { class: 'heap-label' }, h.label),
    el('span', { class: 'tokens', 'data-testid': `heap-${i}-tokens` },
      ...Array.from({ length: h.drawn }, () => el('span', { class: 'token' })),
      h.cut ? el('span', { class: 'heap-cut' }, ' … ') : ''),
    el('span', { class: 'heap-size' }, h.size))));
}

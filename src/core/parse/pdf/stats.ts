import type { Line } from './lines';

/** What ordinary body text looks like in this document. */
export interface BodyStyle {
  fontSize: number;
  /** Usual distance between the baselines of consecutive body lines. */
  lineSpacing: number;
}

export function bodyStyle(lines: Line[]): BodyStyle {
  const chars = new Map<number, number>();
  for (const l of lines) chars.set(l.fontSize, (chars.get(l.fontSize) ?? 0) + l.text.length);
  let fontSize = 10;
  let best = -1;
  for (const [size, n] of chars) if (n > best) [fontSize, best] = [size, n];

  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1], lines[i]];
    if (a.page !== b.page || a.fontSize !== fontSize || b.fontSize !== fontSize) continue;
    const gap = b.y - a.y;
    if (gap > 0.8 * fontSize && gap < 2.5 * fontSize) gaps.push(gap);
  }
  return { fontSize, lineSpacing: gaps.length ? median(gaps) : fontSize * 1.2 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

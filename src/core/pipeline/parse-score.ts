/**
 * Reads a 0–1 score from a model's reply, tolerating what small models write around it:
 * "0.8", ".75", "Score: 0.6.", "8/10", "80%", "**0.9**". A bare number above 1 is read on
 * a 0–10 (or 0–100) scale. Returns undefined when no number can be read.
 */
export function parseScore(reply: string): number | undefined {
  const text = reply.replace(/[*_`]/g, ' ');
  const fraction = text.match(/(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)/);
  if (fraction) {
    const [a, b] = [Number(fraction[1]), Number(fraction[2])];
    if (b > 0 && a <= b) return a / b;
  }
  const percent = text.match(/(\d+(?:\.\d+)?)\s*%/);
  if (percent) return within(Number(percent[1]) / 100);
  const number = text.match(/(?<![\d.])(\d*\.\d+|\d+)(?![\d])/);
  if (!number) return undefined;
  const n = Number(number[1]);
  if (!Number.isFinite(n)) return undefined;
  if (n <= 1) return n;
  if (n <= 10) return n / 10;
  if (n <= 100) return n / 100;
  return undefined;
}

function within(n: number): number | undefined {
  return n >= 0 && n <= 1 ? n : undefined;
}

/** Expected value of a distribution over the digits "0"…"9", scaled to 0–1. */
export function expectedDigit(probs: Record<string, number>): number {
  let sum = 0;
  let mass = 0;
  for (let d = 0; d <= 9; d++) {
    const p = probs[String(d)] ?? 0;
    sum += p * d;
    mass += p;
  }
  return mass > 0 ? sum / mass / 9 : 0;
}

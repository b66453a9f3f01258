/**
 * Reads a 0–1 score from a model's reply, tolerating what small models write around it:
 * "0.8", ".75", "Score: 0.6.", "8/10", "8 out of 10", "80%", "**0.9**". A labelled number
 * ("score: 0.7", "relevance is 0.4") wins over others; a restated scale ("from 0 to 1",
 * "on a scale of 1-10", "(0-1)", "out of 10:") is not read as the score. A bare number above 1 is read on a 0–10
 * (or 0–100) scale. Returns undefined when no number can be read.
 */
export function parseScore(reply: string): number | undefined {
  const range = String.raw`\d+(?:\.\d+)?\s*(?:-|–|to|and)\s*\d+(?:\.\d+)?`;
  const text = reply
    .replace(/[*_`]/g, ' ')
    // A restated scale is not the score: "(0-1)", "from 0 to 1", "on a scale of 1-10", "out of 10:".
    .replace(new RegExp(String.raw`[(\[]\s*${range}\s*[)\]]`, 'g'), ' ')
    .replace(new RegExp(String.raw`\b(?:from|between|scale\s+of)\s+${range}`, 'gi'), ' ')
    .replace(/\bout\s+of\s+\d+\s*:/gi, ':');
  const labelled = text.match(/\b(?:score|relevance|rating|grade)\b[^\d\n]{0,12}?(\d*\.\d+|\d+)(?:\s*(?:\/|out of)\s*(\d+))?/i);
  if (labelled) {
    const n = Number(labelled[1]);
    const of = labelled[2] ? Number(labelled[2]) : undefined;
    const v = of ? (of > 0 && n <= of ? n / of : undefined) : onScale(n);
    if (v !== undefined) return v;
  }
  const fraction = text.match(/(\d+(?:\.\d+)?)\s*(?:\/|out of)\s*(\d+(?:\.\d+)?)/);
  if (fraction) {
    const [a, b] = [Number(fraction[1]), Number(fraction[2])];
    if (b > 0 && a <= b) return a / b;
  }
  const percent = text.match(/(\d+(?:\.\d+)?)\s*%/);
  if (percent) return within(Number(percent[1]) / 100);
  const number = text.match(/(?<![\d.])(\d*\.\d+|\d+)(?![\d])/);
  return number ? onScale(Number(number[1])) : undefined;
}

/** A bare number as a 0–1 score: as is up to 1, else on a 0–10 or 0–100 scale. */
function onScale(n: number): number | undefined {
  if (!Number.isFinite(n) || n < 0) return undefined;
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
  const { mean, mass } = digitMean(probs, 0, 9);
  return mass > 0 ? mean / 9 : 0;
}

/** The probability-weighted mean of the digits lo…hi (NaN without mass) and the probability they hold. */
export function digitMean(probs: Record<string, number>, lo: number, hi: number): { mean: number; mass: number } {
  let sum = 0;
  let mass = 0;
  for (let d = lo; d <= hi; d++) {
    const p = probs[String(d)] ?? 0;
    sum += p * d;
    mass += p;
  }
  return { mean: sum / mass, mass };
}

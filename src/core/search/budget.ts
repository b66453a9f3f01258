/**
 * Takes items in rank order while their text fits the character budget; an item that would
 * overflow is skipped and smaller ones after it may still fill the remaining room.
 */
export function withinBudget<T>(ranked: T[], budget: number, length: (t: T) => number): T[] {
  const out: T[] = [];
  let used = 0;
  for (const item of ranked) {
    const n = length(item);
    if (used + n > budget) continue;
    out.push(item);
    used += n;
  }
  return out;
}

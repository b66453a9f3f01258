/**
 * Orders items (given best first) so the strongest sit at both ends of the context and the
 * weakest in the middle, where long-context models attend least ("lost in the middle"):
 * ranks 1, 3, 5, … from the front and 2, 4, 6, … from the back.
 */
export function endsFirst<T>(bestFirst: T[]): T[] {
  const front: T[] = [];
  const back: T[] = [];
  bestFirst.forEach((item, i) => (i % 2 === 0 ? front : back).push(item));
  return [...front, ...back.reverse()];
}

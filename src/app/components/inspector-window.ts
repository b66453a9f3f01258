import type { Chunk } from '../../core/types';

/** Sentences the similarity plot shows at a time. */
export const WINDOW = 120;
const CHUNKS_SHOWN = 60;

/** The first sentence of the plot's window that holds `sentence`. */
export const windowStart = (sentence: number) => Math.floor(sentence / WINDOW) * WINDOW;

/** The chunks listed under the plot: those in its window, at most CHUNKS_SHOWN, centred on the focused chunk when it lies further down. */
export function chunksShown(chunks: Chunk[], from: number, focused: Chunk | undefined): Chunk[] {
  const inWindow = chunks.filter((c) => c.sentenceEnd > from && c.sentenceStart < from + WINDOW + 1);
  const focusAt = focused ? inWindow.indexOf(focused) : -1;
  const firstShown = focusAt >= CHUNKS_SHOWN ? focusAt - CHUNKS_SHOWN / 2 : 0;
  return inWindow.slice(firstShown, firstShown + CHUNKS_SHOWN);
}

export const meanChunkChars = (chunks: Chunk[]) => (chunks.length ? Math.round(chunks.reduce((t, c) => t + c.text.length, 0) / chunks.length) : 0);

export const pairsBelow = (sims: number[], threshold: number | undefined) => (threshold === undefined ? 0 : sims.filter((s) => s < threshold).length);

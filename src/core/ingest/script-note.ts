import type { Embedder } from '../embed';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const LETTER = /\p{L}/gu;

/**
 * A document's note when much of its text is in a script the embedding model cannot read:
 * keyword search still finds it, but its chunks' vectors cannot tell them apart.
 */
export function unreadableScriptNote(text: string, embedder: Pick<Embedder, 'id' | 'readsCjk'>): string | undefined {
  if (embedder.readsCjk !== false) return undefined;
  const sample = text.length > 200_000 ? text.slice(0, 200_000) : text;
  const letters = sample.match(LETTER)?.length ?? 0;
  const cjk = sample.match(CJK)?.length ?? 0;
  if (letters === 0 || cjk / letters < 0.2) return undefined;
  return `Much of its text is Chinese, Japanese or Korean, which the embedding model ${embedder.id} cannot read: keyword search finds it, but search by meaning cannot tell its passages apart. A multilingual model (Settings) reads it`;
}

import type { LlmEngine } from '../llm';

/** How much of the document the model reads to summarise it. */
const READ_CHARS = 3000;
const MAX_SUMMARY = 240;

/**
 * The optional third part of a contextual header: one sentence saying what the whole document
 * is, written by the LLM from its title and opening text. Undefined when the reply has no
 * usable sentence; the header then keeps title and section path only.
 */
export async function summarizeDocument(engine: LlmEngine, title: string, text: string, signal?: AbortSignal): Promise<string | undefined> {
  const opening = text.slice(0, READ_CHARS);
  const out = await engine.generate(
    [
      { role: 'system', content: 'You describe documents in one sentence.' },
      {
        role: 'user',
        content:
          'In one sentence, say what this document is and what it covers (for example: "The 2022 annual report of a kelp farm, covering harvests, finances and outlook."). ' +
          `Reply with the sentence only.\n\nTitle: ${title}\n\nBeginning of the document:\n${opening}\n\nSentence:`,
      },
    ],
    { maxTokens: 60, temperature: 0, signal },
  );
  return cleanSummary(out.text);
}

/** The first line of a reply, without labels or quotes, cut to one sentence of at most 240 characters. */
export function cleanSummary(reply: string): string | undefined {
  const line = reply
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /\p{L}{3,}/u.test(l));
  if (!line) return undefined;
  let s = line
    .replace(/^(summary|sentence|answer)\s*:\s*/i, '')
    .replace(/^["'“”*]+/, '')
    .trim();
  const end = s.search(/[.!?]["'“”*]?(\s|$)/);
  if (end >= 0) s = s.slice(0, end + 1);
  s = s.replace(/["'“”*]+$/, '').trim();
  // A small model caught in a loop ("the report on X notes that the report on X notes that …") says nothing.
  if (repeatsItself(s)) return undefined;
  if (s.length > MAX_SUMMARY) s = `${s.slice(0, MAX_SUMMARY - 1).replace(/\s+\S*$/, '')}…`;
  return s.length >= 10 ? s : undefined;
}

/** Whether a run of four words comes back later in the text. */
function repeatsItself(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const seen = new Set<string>();
  for (let i = 0; i + 4 <= words.length; i++) {
    const run = words.slice(i, i + 4).join(' ');
    if (seen.has(run)) return true;
    seen.add(run);
  }
  return false;
}

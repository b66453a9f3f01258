import type { ChatMessage } from '../llm';

/** One passage given to the reader, by the number the answer cites it with. */
export interface ReaderPassage {
  n: number;
  text: string;
}

/** How many of the best passages the reader gets. */
export const READER_PASSAGES = 4;
/** Characters of passages the reader gets at most (the best first, each cut to fit). */
export const READER_CHARS = 2400;
/** Tokens the reader may write: one or two sentences. */
export const READER_MAX_TOKENS = 96;
/** What the reader is told to say when the passages do not answer. */
export const NOTHING_STATED = 'I found nothing that states this.';

/**
 * The reader's prompt: the question, Sieve's own findings (the computed figure, the compared rows,
 * the read span, each already cited), and the few best passages by their numbers, without labels
 * or scores a model could copy. It asks for one or two sentences that start with the answer.
 */
export function readerPrompt(question: string, findings: string[], passages: ReaderPassage[]): ChatMessage[] {
  const given = fitPassages(passages);
  const found = findings.length ? `Sieve's findings, computed from the documents (their figures are right):\n${findings.map((f) => `- ${f}`).join('\n')}\n\n` : '';
  return [
    {
      role: 'system',
      content:
        "You answer questions about the user's documents, using only the findings and passages given. " +
        'Reply with one or two sentences that begin with the answer. ' +
        'Cite each passage you use by its number in square brackets, like [2]. Copy figures exactly as printed. ' +
        `If neither the findings nor the passages answer the question, reply: ${NOTHING_STATED}`,
    },
    {
      role: 'user',
      content: `Question: ${question}\n\n${found}Passages:\n${given.map((p) => `[${p.n}] ${p.text}`).join('\n\n')}\n\nAnswer in one or two sentences:`,
    },
  ];
}

/** The passages that fit READER_CHARS, best first, at most READER_PASSAGES, the last cut at a word. */
export function fitPassages(passages: ReaderPassage[]): ReaderPassage[] {
  const out: ReaderPassage[] = [];
  let left = READER_CHARS;
  for (const p of passages.slice(0, READER_PASSAGES)) {
    if (left < 80) break;
    const text = p.text.replace(/\s+/g, ' ').trim();
    const cut = text.length <= left ? text : `${text.slice(0, text.lastIndexOf(' ', left))} …`;
    out.push({ n: p.n, text: cut });
    left -= cut.length;
  }
  return out;
}

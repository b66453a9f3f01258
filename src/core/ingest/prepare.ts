import type { ParsedDocument, SectionSpan } from '../types';
import { heuristicSections, needsSectioning } from '../sectioning';
import { buildDocument, type BuildInput, type BuiltDocument } from './build';

/** Sections a language model found, with what it had to repair (see core/sectioning's llmSections). */
export interface ModelSections {
  sections: SectionSpan[];
  problems: string[];
  /** Windows the model sectioned, and those where its reply was unusable and the heuristic stood in. */
  windows?: { model: number; heuristic: number };
}

/** What a language model adds to a document, when one is loaded. */
export interface PrepareHooks {
  /** `started` is called once the model is known to be there and begins (the job then says so). */
  section?(parsed: ParsedDocument, signal: AbortSignal, started?: () => void): Promise<ModelSections | undefined>;
  /** A one-sentence description of the document for its chunk headers. */
  summarize?(parsed: ParsedDocument, signal: AbortSignal, started?: () => void): Promise<string | undefined>;
}

/** What an earlier index of the same file inferred: kept when the file reads the same. */
interface EarlierIndex {
  text: string;
  sections: SectionSpan[];
  summary?: string;
}

interface PrepareInput extends Omit<BuildInput, 'summary' | 'signal'> {
  signal: AbortSignal;
  earlier?: EarlierIndex;
}

interface PreparedDocument {
  built: BuiltDocument;
  /** The summary put into the chunk headers, if any. */
  summary?: string;
}

/**
 * The one way a parsed document becomes an indexed one, for adding, re-indexing and the eval
 * alike: sections where it has no headings (by the language model when one is loaded, else by
 * layout and topic), the model's one-sentence summary for the chunk headers, then sentences,
 * vectors and chunks (buildDocument). A re-index of a file that reads as before keeps what the
 * first index inferred, so it neither loses an LLM's sections and summary nor asks for them again.
 * Notes on what was inferred go into `parsed.warnings`.
 */
export async function prepareDocument(input: PrepareInput, hooks: PrepareHooks = {}): Promise<PreparedDocument> {
  const { parsed, signal, chunker } = input;
  const same = input.earlier && input.earlier.text === parsed.text ? input.earlier : undefined;
  if (needsSectioning(parsed)) {
    if (same && same.sections.length >= 2) {
      parsed.sections = same.sections;
      parsed.warnings.push(`${same.sections.length} sections kept from when the document was first indexed (it has no headings)`);
    } else {
      await inferSections(parsed, hooks, signal, () => input.onProgress?.({ stage: 'sectioning', done: 0, total: 0 }));
    }
  }
  const describing = () => input.onProgress?.({ stage: 'describing', done: 0, total: 0 });
  const summary = chunker.headers === false ? undefined : (same?.summary ?? (await summarize(parsed, hooks, signal, describing)));
  const built = await buildDocument({ ...input, summary });
  return { built, ...(summary ? { summary } : {}) };
}

async function inferSections(parsed: ParsedDocument, hooks: PrepareHooks, signal: AbortSignal, started: () => void): Promise<void> {
  let found: ModelSections | undefined;
  try {
    found = await hooks.section?.(parsed, signal, started);
  } catch (e) {
    signal.throwIfAborted();
    parsed.warnings.push(`The language model could not section this document (${message(e)}); sections were inferred from its layout`);
  }
  const sections = found?.sections.length ? found.sections : heuristicSections(parsed.text);
  if (sections.length >= 2) {
    parsed.sections = sections;
    parsed.warnings.push(`${sections.length} sections were inferred ${inferredBy(found)} (the document has no headings)`);
  }
  // Kept even when the document stays one section: the user should know the model's reply was repaired or replaced.
  if (found?.problems.length) parsed.warnings.push(`Sectioning: ${found.problems.slice(0, 3).join('; ')}${found.problems.length > 3 ? '; …' : ''}`);
}

/** The model's summary; a failure only costs the summary (noted on the document). */
async function summarize(parsed: ParsedDocument, hooks: PrepareHooks, signal: AbortSignal, started: () => void): Promise<string | undefined> {
  if (!hooks.summarize) return undefined;
  try {
    return await hooks.summarize(parsed, signal, started);
  } catch (e) {
    signal.throwIfAborted();
    parsed.warnings.push(`No document summary for the chunk headers: the language model failed (${message(e)})`);
    return undefined;
  }
}

function inferredBy(found: ModelSections | undefined): string {
  const heuristic = 'from title-like lines and shifts of topic';
  if (!found?.sections.length) return heuristic;
  const w = found.windows;
  if (!w || w.heuristic === 0) return 'by the language model';
  if (w.model === 0) return `${heuristic} (the language model's reply was not usable)`;
  return `by the language model, and ${heuristic} in ${w.heuristic} of ${w.model + w.heuristic} parts where its reply was not usable`;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

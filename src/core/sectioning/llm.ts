/**
 * LLM sectioning (dsRAG-style): the document's lines are numbered, shown to the model in
 * overlapping windows, and the model names the line where each cohesive section starts and a
 * short title. Replies are parsed tolerantly (line form or JSON), validated and repaired; every
 * repair is reported in `problems`. A window whose reply cannot be used falls back to
 * heuristicSections for its text.
 */
import type { SectionSpan } from '../types';
import type { ChatMessage, LlmEngine } from '../llm';
import { isAbort } from '../abort';
import { addUsage, generationUsage, NO_USAGE } from '../pipeline';
import { heuristicSections, type HeuristicOptions } from './heuristic';
import { lineAt, makeWindows, numberLines, type Window } from './line-windows';
import { SECTIONING_SYSTEM, sectioningPrompt } from './prompts';
import { parseSectioningReply, type ParsedReply, type SectionStart } from './reply-parsing';
import { repairWindow, stitchSections } from './section-starts';
import type { TextRange } from './text-range';

interface LlmSectionsOptions {
  signal?: AbortSignal;
  /** Lines shown to the model at once (default 150). */
  windowLines?: number;
  /** Lines repeated at the start of the next window (default 10, at most a fifth of a window). */
  overlapLines?: number;
  /** Most characters of text in one window (default 16,000), so a window fits the model's context. */
  maxWindowChars?: number;
  /** Lines longer than this are split at sentences, then words (default 200). */
  maxLineChars?: number;
  /** Sections shorter than this are merged into their neighbour (default 300 characters). */
  minSectionChars?: number;
  /** Longest title kept (default 80 characters). */
  maxTitleChars?: number;
  /** Tokens the model may generate per window (default 512). */
  maxTokens?: number;
  /** Options for the heuristic fallback. */
  heuristic?: HeuristicOptions;
}

interface LlmSectionsResult {
  sections: SectionSpan[];
  usage: { calls: number; promptTokens: number; generatedTokens: number };
  /** Every repair made to the model's output, and every fallback, in words. */
  problems: string[];
  /** Windows of lines the model sectioned, and those where its reply was unusable and the heuristic stood in. */
  windows: { model: number; heuristic: number };
}

/** Sections for `text` chosen by the model, validated, repaired and mapped to character offsets. */
export async function llmSections(engine: LlmEngine, text: string, options: LlmSectionsOptions = {}): Promise<LlmSectionsResult> {
  const signal = options.signal;
  let usage = { ...NO_USAGE };
  const problems: string[] = [];
  signal?.throwIfAborted();
  const lines = numberLines(text, options.maxLineChars ?? 200);
  const counts = { model: 0, heuristic: 0 };
  if (lines.length === 0) return { sections: [], usage, problems, windows: counts };
  const windowLines = Math.max(5, options.windowLines ?? 150);
  const windows = makeWindows(lines, windowLines, Math.max(0, options.overlapLines ?? 10), options.maxWindowChars ?? 16000);
  const maxTitle = options.maxTitleChars ?? 80;

  const starts: SectionStart[] = [];
  for (let k = 0; k < windows.length; k++) {
    signal?.throwIfAborted();
    const w = windows[k];
    const label = windows.length > 1 ? `window ${k + 1} (lines ${w.from}–${w.to - 1})` : `lines ${w.from}–${w.to - 1}`;
    const numbered = lines
      .slice(w.from, w.to)
      .map((l, i) => `[${w.from + i}] ${text.slice(l.start, l.end).replace(/\s*\n\s*/g, ' ')}`)
      .join('\n');
    const messages: ChatMessage[] = [
      { role: 'system', content: SECTIONING_SYSTEM },
      { role: 'user', content: sectioningPrompt({ numberedLines: numbered, firstLine: w.from, lastLine: w.to - 1, continuation: k > 0 }) },
    ];
    let parsed: ParsedReply = { starts: [], ignored: 0, format: 'lines' };
    let failure = '';
    try {
      const gen = await engine.generate(messages, { maxTokens: options.maxTokens ?? 512, temperature: 0, signal });
      usage = addUsage(usage, generationUsage(gen));
      if (gen.finishReason === 'abort') signal?.throwIfAborted();
      parsed = parseSectioningReply(gen.text);
      if (gen.finishReason === 'length' && parsed.starts.length > 0) problems.push(`${label}: reply was cut off at the token limit; used the sections it named`);
      if (parsed.starts.length === 0) failure = 'reply named no section start';
    } catch (e) {
      if (isAbort(e, signal)) throw e;
      failure = `model failed (${e instanceof Error ? e.message : String(e)})`;
    }

    if (failure) {
      const fallback = heuristicStarts(text, lines, w, options.heuristic);
      problems.push(`${label}: ${failure}; used heuristic sectioning there (${fallback.length} section start${fallback.length === 1 ? '' : 's'})`);
      starts.push(...fallback);
      counts.heuristic++;
      continue;
    }
    counts.model++;
    if (parsed.ignored > 0) problems.push(`${label}: ignored ${parsed.ignored} reply line${parsed.ignored === 1 ? '' : 's'} without a line number`);
    starts.push(...repairWindow(parsed.starts, w, label, problems));
  }

  return { sections: stitchSections(text, lines, starts, options.minSectionChars ?? 300, maxTitle, problems), usage, problems, windows: counts };
}

/** Heuristic section starts for the lines a window decides for. */
function heuristicStarts(text: string, lines: TextRange[], w: Window, options?: HeuristicOptions): SectionStart[] {
  if (w.own >= w.ownEnd) return [];
  const from = lines[w.own].start;
  const to = lines[w.ownEnd - 1].end;
  const spans = heuristicSections(text.slice(from, to), options);
  const out: SectionStart[] = [];
  for (let i = 0; i < spans.length; i++) {
    const at = from + spans[i].start;
    const line = lineAt(lines, at);
    if (line < w.own || line >= w.ownEnd) continue;
    if (i === 0 && w.own > 0) {
      // The window's text continues a section begun earlier, unless it opens with a title.
      const firstText = text.slice(lines[line].start, lines[line].end).trim();
      if (spans[0].path[0] !== firstText) continue;
    }
    out.push({ line, title: spans[i].path[0] ?? '' });
  }
  return out;
}

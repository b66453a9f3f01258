import { describe, expect, it } from 'vitest';
import type { SectionSpan } from '../types';
import { ScriptedEngine } from '../../testing/scripted-engine';
import { heuristicSections } from './heuristic';
import { llmSections } from './llm';
import { parseSectioningReply } from './reply-parsing';
import { ferry, kelp } from '../../testing/sectioning-fixtures';

const KELP_RE = /kelp|seaweed|spore|grow/i;

/** Numbered lines as the model sees them: [n] text. */
function shownLines(prompt: string): { n: number; text: string }[] {
  return [...prompt.matchAll(/^\[(\d+)\] (.*)$/gm)].map((m) => ({ n: Number(m[1]), text: m[2] }));
}

/** The line number the model sees for the first line containing `needle`. */
function lineOf(prompt: string, needle: string): number {
  const hit = shownLines(prompt).find((l) => l.text.includes(needle));
  if (!hit) throw new Error(`not shown: ${needle}`);
  return hit.n;
}

const kelpParas = kelp(6);
const ferryParas = ferry(6);
const text = [...kelpParas, ...ferryParas].join('\n\n');
const ferryStart = text.indexOf(ferryParas[0]);
const FERRY_FIRST = ferryParas[0].slice(0, 40);

function checkWellFormed(t: string, sections: SectionSpan[]) {
  for (let i = 0; i < sections.length; i++) {
    expect(sections[i].start).toBeLessThan(sections[i].end);
    expect(sections[i].end).toBeLessThanOrEqual(t.length);
    if (i > 0) expect(sections[i].start).toBeGreaterThanOrEqual(sections[i - 1].end);
  }
  expect(sections[0].start).toBe(0);
}

const engineReplying = (reply: (prompt: string) => string) => new ScriptedEngine([{ match: /[\s\S]*/, reply }]);

describe('llmSections: reading the reply', () => {
  it('maps a well-formed reply to character offsets', async () => {
    const engine = engineReplying((p) => `0: Kelp farming\n${lineOf(p, FERRY_FIRST)}: Ferry timetables`);
    const result = await llmSections(engine, text);
    expect(result.sections).toEqual([
      { start: 0, end: ferryStart - 2, path: ['Kelp farming'] },
      { start: ferryStart, end: text.length, path: ['Ferry timetables'] },
    ]);
    expect(result.problems).toEqual([]);
    expect(result.windows).toEqual({ model: 1, heuristic: 0 });
    expect(result.usage.calls).toBe(1);
    expect(result.usage.promptTokens).toBeGreaterThan(0);
    expect(result.usage.generatedTokens).toBeGreaterThan(0);
  });

  it('numbers lines so that long paragraphs are split into sentence-sized lines', async () => {
    const engine = engineReplying(() => '0: All');
    await llmSections(engine, text);
    const lines = shownLines(engine.calls[0].messages[1].content);
    expect(lines.length).toBeGreaterThan(12);
    for (const l of lines) expect(l.text.length).toBeLessThanOrEqual(200);
    expect(lines.map((l) => l.n)).toEqual(lines.map((_, i) => i));
  });

  it('accepts JSON replies, fenced or not', async () => {
    for (const wrap of [(j: string) => '```json\n' + j + '\n```', (j: string) => `Here you go: ${j}`]) {
      const engine = engineReplying((p) =>
        wrap(
          JSON.stringify([
            { line: 0, title: 'Kelp' },
            { start_line: String(lineOf(p, FERRY_FIRST)), name: 'Ferries' },
          ]),
        ),
      );
      const result = await llmSections(engine, text);
      expect(result.sections.map((s) => [s.start, s.path[0]])).toEqual([
        [0, 'Kelp'],
        [ferryStart, 'Ferries'],
      ]);
    }
  });

  it('accepts "Line 12 - Title" with markdown and quotes, cleaning and capping titles', async () => {
    const long = 'Ferry timetables and ticketing for every crossing between the island and the mainland harbour terminal';
    const engine = engineReplying((p) => `- **Line 0** - "Kelp farming"\n- Line ${lineOf(p, FERRY_FIRST)} - ## ${long}`);
    const result = await llmSections(engine, text, { maxTitleChars: 60 });
    expect(result.sections.map((s) => s.start)).toEqual([0, ferryStart]);
    expect(result.sections[0].path).toEqual(['Kelp farming']);
    expect(result.sections[1].path[0].length).toBeLessThanOrEqual(60);
    expect(result.sections[1].path[0]).toMatch(/^Ferry timetables and ticketing/);
    expect(result.problems.join('\n')).toMatch(/markdown/);
    expect(result.problems.join('\n')).toMatch(/shortened 1 title/);
  });
});

describe('llmSections: repairing or replacing a faulty reply', () => {
  it('clamps out-of-range numbers and merges the resulting tiny section', async () => {
    const engine = engineReplying((p) => `0: Kelp\n${lineOf(p, FERRY_FIRST)}: Ferries\n9999: Bogus`);
    const result = await llmSections(engine, text);
    expect(result.sections.map((s) => [s.start, s.end, s.path[0]])).toEqual([
      [0, ferryStart - 2, 'Kelp'],
      [ferryStart, text.length, 'Ferries'],
    ]);
    const problems = result.problems.join('\n');
    expect(problems).toMatch(/clamped 1 out-of-range/);
    expect(problems).toMatch(/merged 1 section/);
  });

  it('drops duplicates and starts that go backwards', async () => {
    const engine = engineReplying((p) => {
      const f = lineOf(p, FERRY_FIRST);
      return `0: Kelp\n${f}: Ferries\n5: Back again\n${f}: Ferries again`;
    });
    const result = await llmSections(engine, text);
    expect(result.sections.map((s) => [s.start, s.path[0]])).toEqual([
      [0, 'Kelp'],
      [ferryStart, 'Ferries'],
    ]);
    const problems = result.problems.join('\n');
    expect(problems).toMatch(/duplicate/);
    expect(problems).toMatch(/backwards/);
  });

  it('adds a first section at line 0 and ignores lines without a number', async () => {
    const engine = engineReplying((p) => `Here are the sections:\n${lineOf(p, FERRY_FIRST)}: Ferries\nHope this helps!`);
    const result = await llmSections(engine, text);
    expect(result.sections.map((s) => [s.start, s.path[0]])).toEqual([
      [0, 'Introduction'],
      [ferryStart, 'Ferries'],
    ]);
    const problems = result.problems.join('\n');
    expect(problems).toMatch(/ignored 2 reply lines without a line number/);
    expect(problems).toMatch(/line 0/);
  });

  it('names untitled starts by their first sentence', async () => {
    const engine = engineReplying((p) => `0\n${lineOf(p, FERRY_FIRST)}: Ferries`);
    const result = await llmSections(engine, text);
    expect(result.sections[0].path[0]).toMatch(/^Kelp farming begins/);
    expect(result.problems.join('\n')).toMatch(/untitled/);
  });

  it('falls back to heuristic sectioning when the reply is garbage', async () => {
    const engine = engineReplying(() => 'I am sorry, I cannot split this document.');
    const result = await llmSections(engine, text);
    expect(result.sections).toEqual(heuristicSections(text));
    expect(result.problems.join('\n')).toMatch(/heuristic/);
    expect(result.windows).toEqual({ model: 0, heuristic: 1 });
  });

  it('returns nothing for empty text without calling the model', async () => {
    const engine = engineReplying(() => '0: x');
    const result = await llmSections(engine, ' \n\n ');
    expect(result.sections).toEqual([]);
    expect(engine.calls).toHaveLength(0);
  });
});

describe('llmSections: several windows', () => {
  const parts = [kelp(8), ferry(8), kelp(8, 3)];
  const long = parts.map((p) => p.join('\n\n')).join('\n\n');
  const changes = [0, long.indexOf(parts[1][0]), long.indexOf(parts[2][0], long.indexOf(parts[1][0]))];

  /** A model that starts a section at the window's first line and wherever the topic changes. */
  const topicalReply = (prompt: string) => {
    const lines = shownLines(prompt);
    const out: string[] = [];
    let topic = '';
    for (const l of lines) {
      const t = KELP_RE.test(l.text) ? 'kelp' : 'ferry';
      if (t !== topic) out.push(`${l.n}: ${t === 'kelp' ? 'Kelp farming' : 'Ferry timetables'}`);
      topic = t;
    }
    return out.join('\n');
  };

  it('stitches windows without overlap or repeated starts', async () => {
    const engine = engineReplying(topicalReply);
    const result = await llmSections(engine, long, { windowLines: 20 });
    expect(engine.calls.length).toBeGreaterThan(3);
    expect(result.usage.calls).toBe(engine.calls.length);
    checkWellFormed(long, result.sections);
    expect(result.sections.map((s) => s.start)).toEqual(changes);
    expect(result.sections.map((s) => s.path[0])).toEqual(['Kelp farming', 'Ferry timetables', 'Kelp farming']);
    expect(result.sections[2].end).toBe(long.length);
    expect(result.problems).toEqual([]);
    // Windows overlap: each later window repeats some lines of the one before.
    const firsts = engine.calls.map((c) => shownLines(c.messages[1].content));
    for (let k = 1; k < firsts.length; k++) expect(firsts[k][0].n).toBeLessThan(firsts[k - 1][firsts[k - 1].length - 1].n);
  });

  it('falls back to the heuristic for one garbage window only', async () => {
    let call = 0;
    const engine = engineReplying((p) => (++call === 3 ? '!!! ??? ...' : topicalReply(p)));
    const result = await llmSections(engine, long, { windowLines: 20 });
    checkWellFormed(long, result.sections);
    const problems = result.problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/window 3 .*heuristic/);
    for (const c of changes) expect(result.sections.map((s) => s.start)).toContain(c);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const engine = engineReplying((p) => {
      controller.abort();
      return topicalReply(p);
    });
    await expect(llmSections(engine, long, { windowLines: 20, signal: controller.signal })).rejects.toThrow();
    expect(engine.calls).toHaveLength(1);

    const before = new ScriptedEngine([], [], '0: x');
    await expect(llmSections(before, long, { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(before.calls).toHaveLength(0);
  });
});

describe('parseSectioningReply', () => {
  it('reads common line forms', () => {
    const reply = ['1: One', 'Line 12 - Two', '[20] Three', '30) Four', '40-55: Five', '* **50**: Six', 'lines 60 to 70: Seven', 'Section at line 80: Eight', 'nothing here'].join(
      '\n',
    );
    const parsed = parseSectioningReply(reply);
    expect(parsed.starts.map((s) => [s.line, s.title])).toEqual([
      [1, 'One'],
      [12, 'Two'],
      [20, 'Three'],
      [30, 'Four'],
      [40, 'Five'],
      [50, 'Six'],
      [60, 'Seven'],
      [80, 'Eight'],
    ]);
    expect(parsed.ignored).toBe(1);
  });

  it('reads JSON objects and arrays of pairs', () => {
    expect(parseSectioningReply('{"sections": [{"line": 3, "title": "A"}]}').starts).toEqual([{ line: 3, title: 'A' }]);
    expect(parseSectioningReply('[[0, "A"], [9, "B"]]').starts).toEqual([
      { line: 0, title: 'A' },
      { line: 9, title: 'B' },
    ]);
    expect(parseSectioningReply('{"0": "A", "14": "B"}').starts).toEqual([
      { line: 0, title: 'A' },
      { line: 14, title: 'B' },
    ]);
  });

  it('does not mistake a bracketed aside for JSON', () => {
    expect(parseSectioningReply('0: Intro\n5: Results [1]').starts.map((s) => s.line)).toEqual([0, 5]);
  });
});

import { describe, expect, it } from 'vitest';
import { prepareDocument } from './prepare';
import { FakeEmbedder } from '../../testing/fake-embedder';
import { twoTopics } from '../../testing/sectioning-fixtures';
import type { ParsedDocument } from '../types';

const never = new AbortController().signal;
const chunker = { kind: 'fixed', size: 300, overlap: 0 } as const;

function plainDoc(text: string): ParsedDocument {
  return { kind: 'text', title: 'Notes', text, pages: [{ page: 1, start: 0, end: text.length }], sections: [], warnings: [] };
}

describe('prepareDocument', () => {
  it('sections a headingless document by the model, summarises it into the headers, then builds it', async () => {
    const { text, change } = twoTopics();
    const parsed = plainDoc(text);
    const calls: string[] = [];
    const { built, summary } = await prepareDocument(
      { docId: 'd', parsed, embedder: new FakeEmbedder(), chunker, signal: never },
      {
        section: async (p) => (
          calls.push('section'),
          {
            sections: [
              { start: 0, end: change, path: ['Kelp'] },
              { start: change, end: p.text.length, path: ['Ferry'] },
            ],
            problems: [],
          }
        ),
        summarize: async () => (calls.push('summarize'), 'About kelp and ferries.'),
      },
    );
    expect(calls).toEqual(['section', 'summarize']);
    expect(summary).toBe('About kelp and ferries.');
    expect(new Set(built.chunks.map((c) => c.sectionPath[0]))).toEqual(new Set(['Kelp', 'Ferry']));
    expect(built.chunks[0].header).toMatch(/About kelp and ferries\.$/);
    expect(parsed.warnings.join(' ')).toMatch(/2 sections were inferred by the language model/);
  });

  it('says while the model sections or describes a document, only once the hook has started the model', async () => {
    const { text } = twoTopics();
    const stages: string[] = [];
    const onProgress = (p: { stage: string }) => stages.push(p.stage);
    // A model is there: each hook starts it, and the job says which step it is on.
    await prepareDocument(
      { docId: 'd', parsed: plainDoc(text), embedder: new FakeEmbedder(), chunker, signal: never, onProgress },
      { section: async (_p, _s, started) => (started?.(), undefined), summarize: async (_p, _s, started) => (started?.(), 'About kelp.') },
    );
    expect(stages.slice(0, 2)).toEqual(['sectioning', 'describing']);
    // No model: the hooks return at once without starting it, and neither step is announced.
    stages.length = 0;
    await prepareDocument(
      { docId: 'd', parsed: plainDoc(text), embedder: new FakeEmbedder(), chunker, signal: never, onProgress },
      { section: async () => undefined, summarize: async () => undefined },
    );
    expect(stages).not.toContain('sectioning');
    expect(stages).not.toContain('describing');
  });

  it('keeps what an earlier index inferred when the file reads the same, and infers afresh when it does not', async () => {
    const { text, change } = twoTopics();
    const earlier = {
      text,
      sections: [
        { start: 0, end: change, path: ['Kelp'] },
        { start: change, end: text.length, path: ['Ferry'] },
      ],
      summary: 'Kept summary.',
    };
    const same = await prepareDocument({ docId: 'd', parsed: plainDoc(text), embedder: new FakeEmbedder(), chunker, signal: never, earlier });
    expect(same.summary).toBe('Kept summary.');
    expect(new Set(same.built.chunks.map((c) => c.sectionPath[0]))).toEqual(new Set(['Kelp', 'Ferry']));

    const changed = await prepareDocument({ docId: 'd', parsed: plainDoc(`${text}\nA new closing line.`), embedder: new FakeEmbedder(), chunker, signal: never, earlier });
    expect(changed.summary).toBeUndefined();
    expect(changed.built.chunks.some((c) => c.sectionPath[0] === 'Kelp')).toBe(false);
  });

  it('a failing model costs only what it would have added, and says so', async () => {
    const { text } = twoTopics();
    const parsed = plainDoc(text);
    const fail = async () => Promise.reject(new Error('device lost'));
    const { built, summary } = await prepareDocument({ docId: 'd', parsed, embedder: new FakeEmbedder(), chunker, signal: never }, { section: fail, summarize: fail });
    expect(summary).toBeUndefined();
    expect(built.chunks.length).toBeGreaterThan(0);
    expect(parsed.warnings.join(' ')).toMatch(/could not section this document \(device lost\).*No document summary .*device lost/);
  });
});

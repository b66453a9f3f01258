import { describe, expect, it } from 'vitest';
import { checkReply, fitPassages, NOTHING_STATED, READER_CHARS, READER_PASSAGES, readerPrompt, stated } from '.';

const PASSAGES = [
  { n: 2, text: 'On March 15, 2021, we entered into a committed credit facility of up to $1 billion with a syndicate of banks.' },
  { n: 5, text: 'Our member renewal rate was 91% in the U.S. and Canada and 89% worldwide at the end of 2021.' },
];

describe('readerPrompt', () => {
  it('gives the question, Sieve’s findings and the passages by number, with no labels or scores', () => {
    const [system, user] = readerPrompt('How large is the credit facility?', ['Credit facility: $1 billion [2]'], PASSAGES);
    expect(system.content).toMatch(/one or two sentences/);
    expect(system.content).toContain(NOTHING_STATED);
    expect(user.content).toContain('Question: How large is the credit facility?');
    expect(user.content).toContain("Sieve's findings, computed from the documents (their figures are right):\n- Credit facility: $1 billion [2]");
    expect(user.content).toContain(`[2] ${PASSAGES[0].text}`);
    expect(user.content).toContain(`[5] ${PASSAGES[1].text}`);
    expect(user.content).not.toMatch(/relevance|score|p\. \d/i);
    expect(readerPrompt('q', [], PASSAGES)[1].content).not.toContain('findings');
  });

  it('keeps the best passages within the budget, the last cut at a word', () => {
    const long = Array.from({ length: 8 }, (_, i) => ({ n: i + 1, text: `word${i} `.repeat(250) }));
    const fit = fitPassages(long);
    expect(fit.length).toBeLessThanOrEqual(READER_PASSAGES);
    expect(fit.map((p) => p.n)).toEqual(fit.map((_, i) => i + 1));
    expect(fit.reduce((n, p) => n + p.text.length, 0)).toBeLessThanOrEqual(READER_CHARS + 2);
    expect(fit[fit.length - 1].text).toMatch(/word\d …$/);
  });
});

describe('checkReply', () => {
  const ground = { passages: PASSAGES, findings: [] as string[] };

  it('shows a short cited answer whose figures its sources print', () => {
    expect(checkReply('Up to $1 billion, with a syndicate of banks [2].', ground)).toEqual({ ok: true, problems: [], nothing: false });
    expect(checkReply('The worldwide renewal rate was 89% at the end of 2021 [5].', ground).ok).toBe(true);
  });

  it('refuses a figure no cited passage prints, a source it was not given, and copied scaffolding', () => {
    expect(checkReply('The renewal rate was 92% [5].', ground).problems).toEqual(["it states 92%, which no cited passage nor Sieve's findings print"]);
    // 89% is printed, but in a passage the reply does not cite.
    expect(checkReply('The renewal rate was 89% [2].', ground).ok).toBe(false);
    expect(checkReply('Up to $1 billion [7].', ground).problems[0]).toBe('it cites [7], which it was not given');
    expect(checkReply('[2] COSTCO · 10-K · FY2021, p. 57 — (relevance: medium, score 0.72)', ground).problems).toContain('it copies the labels or scores of the prompt');
    expect(checkReply('[2] [2] [5]', ground).problems).toEqual(['it says nothing besides citation marks']);
  });

  it('refuses a verdict against Sieve’s figures, and a denial of what Sieve found', () => {
    const found = { passages: PASSAGES, findings: ['Yes: operating margin rose from 20.8% (FY2021) to 21.9% (FY2022) [3]'], verdict: 'Yes' as const };
    expect(checkReply('No, the margin did not improve [2].', found).problems).toContain("it answers No where Sieve's figures say Yes");
    expect(checkReply('The sources do not contain information about the operating margin.', found).problems).toContain(
      'it says the documents do not state what Sieve found in them',
    );
    // A figure from Sieve's findings may be stated without a passage.
    expect(checkReply('Yes: the operating margin rose to 21.9% in FY2022.', found).ok).toBe(true);
  });

  it('lets the reader say the passages hold nothing when Sieve found nothing either', () => {
    expect(checkReply(NOTHING_STATED, ground)).toEqual({ ok: true, problems: [], nothing: true });
  });

  it('reads figures in a text, years and citation marks aside, and matches a rounded value in another scale', () => {
    expect(stated('In 2021 revenue was $1,815 million [3], up 4.2%, with 12 plants.').map((f) => f.raw)).toEqual(['$1,815 million', '4.2%', '12']);
    const scaled = { passages: [{ n: 1, text: 'Revenue was $1,815 million.' }], findings: [] };
    expect(checkReply('Revenue was about $1.8 billion [1].', scaled).ok).toBe(true);
    expect(checkReply('Revenue was about $2.4 billion [1].', scaled).ok).toBe(false);
  });

  it('reads figures with units glued on ("25x", "3.2%", "$4.2bn") as the passages print them', () => {
    expect(stated('a 25x speedup, 3.2% growth and $4.2bn of debt').map((f) => [f.raw, f.value])).toEqual([
      ['25', 25],
      ['3.2%', 3.2],
      ['$4.2bn', 4.2e9],
    ]);
    const glued = { passages: [{ n: 1, text: 'TraceMonkey gives up to the 25x speedup on loops; revenue grew 3.2% to $4.2bn.' }], findings: [] };
    expect(checkReply('It is up to 25x faster [1].', glued).ok).toBe(true);
    expect(checkReply('Revenue grew 3.2% to $4,200 million [1].', glued).ok).toBe(true);
    expect(checkReply('It is up to 40x faster [1].', glued).problems).toEqual(["it states 40, which no cited passage nor Sieve's findings print"]);
  });

  it('requires a reply to begin with Sieve’s verdict and to carry what Sieve’s reading leads with', () => {
    const yes = { passages: PASSAGES, findings: ['Yes: the passage that decides it says “…” [2]'], verdict: 'Yes' as const };
    expect(checkReply('Based on the passages, the facility was drawn [2].', yes).problems).toContain("it does not begin with Yes, as Sieve's reading does");
    const fact = { passages: PASSAGES, findings: ['up to $1 billion: “On March 15, 2021, …” [2]'], lead: 'up to $1 billion' };
    expect(checkReply('A committed facility of up to $1 billion was entered into [2].', fact).ok).toBe(true);
    expect(checkReply('A committed credit facility was entered into with banks [2].', fact).problems).toContain('it leaves out up to $1 billion, which Sieve found');
    const row = { passages: PASSAGES, findings: ['Health Care: the highest, … [5]'], lead: 'Health Care' };
    expect(checkReply('Health Care earned the most [5].', row).ok).toBe(true);
    expect(checkReply('Consumer earned the most [5].', row).ok).toBe(false);
  });
});

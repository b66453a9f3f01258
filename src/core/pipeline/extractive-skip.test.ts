import { describe, expect, it } from 'vitest';
import { extractiveAnswer } from './extractive';

describe('extractiveAnswer: skip', () => {
  it('does not quote again the unit the answer’s opening already quotes', () => {
    const sources = [{ n: 1, text: 'The ferry leaves the harbour at noon every day. The ferry returns from the island at six.', score: 1 }];
    const all = extractiveAnswer('When does the ferry leave the harbour?', sources);
    expect(all.text).toContain('The ferry leaves the harbour at noon every day. [1]');
    const rest = extractiveAnswer('When does the ferry leave the harbour?', sources, 3, 'The ferry leaves the harbour at noon every day.');
    expect(rest.text).not.toContain('at noon');
    expect(rest.text).toContain('The ferry returns from the island at six. [1]');
  });
});

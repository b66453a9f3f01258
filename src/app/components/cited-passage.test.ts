import { describe, expect, it } from 'vitest';
import { passagePlace } from './cited-passage';

describe('passagePlace', () => {
  it('says where a cited passage is: its pages, its section, and how its text was read', () => {
    expect(passagePlace({ pageStart: 3, pageEnd: 4, sectionPath: ['Intro'], ocr: { confidence: 91.6 } })).toBe('Pages 3–4 · Intro · read by OCR 92%');
    expect(passagePlace({ sectionPath: ['A', 'B'] })).toBe('A › B');
    expect(passagePlace({ pageStart: 2, sectionPath: [] })).toBe('Page 2');
    expect(passagePlace({ sectionPath: [], ocr: { confidence: 80 } })).toBe(' · read by OCR 80%');
  });
});

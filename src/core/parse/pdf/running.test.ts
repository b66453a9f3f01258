import { describe, expect, it } from 'vitest';
import { isPageNumber, runningKey } from './running';

describe('isPageNumber', () => {
  it('recognises the usual page number forms', () => {
    for (const s of ['7', '123', 'Page 4', 'page 4 of 12', '- 9 -', 'F-12', 'xiv', 'iv']) expect(isPageNumber(s)).toBe(true);
  });

  it('leaves years, amounts and words alone', () => {
    for (const s of ['2018', '1,234', 'Total', 'civil', '$12']) expect(isPageNumber(s)).toBe(false);
  });
});

describe('runningKey', () => {
  it('ignores digits and case so numbered headers match across pages', () => {
    expect(runningKey('Annual Report 2023 | Page 4')).toBe(runningKey('ANNUAL REPORT 2023 | page 17'));
  });
});

import { describe, expect, it } from 'vitest';
import { stripInline } from './markdown-inline';

describe('stripInline', () => {
  it('removes emphasis and strikethrough markers, nested too', () => {
    expect(stripInline('**bold**, *it*, __strong__, _em_, ~~gone~~, ***both***, **bold _and it_**')).toBe('bold, it, strong, em, gone, both, bold and it');
  });

  it('leaves asterisks and underscores that are not emphasis', () => {
    expect(stripInline('2 * 3 * 4 = 24 and snake_case_name and file_1.txt')).toBe('2 * 3 * 4 = 24 and snake_case_name and file_1.txt');
  });

  it('keeps link text, image alt text and autolink targets', () => {
    expect(stripInline('[the atlas](https://x.org/a_(b) "T") ![a lichen](img.png) [ref][1] <https://e.org/x>')).toBe('the atlas a lichen ref https://e.org/x');
  });

  it('keeps code span content verbatim', () => {
    expect(stripInline('run `a*b*c [x](y)` or ``a ` b``')).toBe('run a*b*c [x](y) or a ` b');
  });

  it('removes HTML tags, comments and footnote references but keeps the words', () => {
    expect(stripInline('<span class="x">Net</span> sales<sup>[^1]</sup><!-- note --> rose<br>fast')).toBe('Net sales rose fast');
  });

  it('resolves backslash escapes and entities without re-reading them as markup', () => {
    expect(stripInline('\\*literal\\* \\[x\\](y) &amp; &lt;b&gt;')).toBe('*literal* [x](y) & <b>');
  });
});

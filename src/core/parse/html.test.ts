import { describe, expect, it } from 'vitest';
import { IngestError } from '../errors';
import { parseHtml } from './html';

describe('parseHtml: title and hidden content', () => {
  it('takes the title from <title>, else the first h1, else the file name', () => {
    expect(parseHtml('<title>Q3 &amp; Outlook</title><h1>Other</h1>', 'a.html').title).toBe('Q3 & Outlook');
    expect(parseHtml('<h2>Minor</h2><h1>Main <b>Title</b></h1>', 'a.html').title).toBe('Main Title');
    expect(parseHtml('<p>Just text.</p>', 'dir/page.htm').title).toBe('page');
  });

  it('drops script, style, noscript, template, head content and svg, but never their neighbours', () => {
    const html =
      '<html><head><meta charset="utf-8"><title>T</title><style>p{color:red}</style></head><body>' +
      '<script>document.write("<p>evil</p>")</script><noscript>Enable JS</noscript>' +
      '<template><p>hidden</p></template><svg><title>icon</title><text>chart</text></svg><p>Visible.</p></body></html>';
    const doc = parseHtml(html, 'a.html');
    expect(doc.text).toBe('Visible.');
    expect(doc.title).toBe('T');
  });

  it('ends a head whose </head> is missing at the first body element', () => {
    const doc = parseHtml('<html><head><title>T</title><meta charset="utf-8"><p>Body text.</p>', 'a.html');
    expect(doc.text).toBe('Body text.');
    expect(doc.title).toBe('T');
  });
});

describe('parseHtml: blocks, lists, tables and sections', () => {
  it('separates block elements into paragraphs and collapses whitespace', () => {
    const doc = parseHtml('<div>One\n   two</div><p>Three</p>Four<section><p>Five</p></section>', 'a.html');
    expect(doc.text).toBe('One two\n\nThree\n\nFour\n\nFive');
  });

  it('joins inline elements without inventing spaces', () => {
    expect(parseHtml('<p>Re<b>ven</b>ue <a href="#">grew</a>.</p>', 'a.html').text).toBe('Revenue grew.');
  });

  it('turns <br> into a line break and list items into lines of one block', () => {
    const doc = parseHtml('<p>Line one<br>line two</p><ul><li>Alpha</li><li>Beta<ul><li>Nested</li></ul></li></ul><p>After</p>', 'a.html');
    expect(doc.text).toBe('Line one\nline two\n\nAlpha\nBeta\nNested\n\nAfter');
  });

  it('handles list items and paragraphs without closing tags', () => {
    expect(parseHtml('<ul><li>One<li>Two</ul><p>Three<p>Four', 'a.html').text).toBe('One\nTwo\n\nThree\n\nFour');
  });

  it('turns table rows into lines with cells joined by " | "', () => {
    const html =
      '<p>Before</p><table><caption>Results</caption><thead><tr><th>Item</th><th>2023</th></tr></thead>' +
      '<tbody><tr><td>Revenue</td><td>$</td><td>1,200</td></tr><tr><td><p>Net</p><p>income</p></td><td>(35</td><td>)</td></tr>' +
      '<tr><td></td><td> </td></tr></tbody></table><p>After</p>';
    expect(parseHtml(html, 'a.html').text).toBe('Before\n\nResults\nItem | 2023\nRevenue | $1,200\nNet income | (35)\n\nAfter');
  });

  it('closes cells and rows that are never closed', () => {
    expect(parseHtml('<table><tr><td>a<td>b<tr><td>c<td>d</table>', 'a.html').text).toBe('a | b\nc | d');
  });

  it('gives a table nested in a cell its own lines', () => {
    const html = '<table><tr><td>Layout<table><tr><td>x</td><td>1</td></tr></table></td></tr></table>';
    expect(parseHtml(html, 'a.html').text).toBe('Layout\nx | 1');
  });

  it('keeps the lines of <pre>', () => {
    expect(parseHtml('<pre>line one\n  line   two\n\nthree</pre>', 'a.html').text).toBe('line one\nline two\nthree');
  });

  it('builds section paths from h1–h6', () => {
    const doc = parseHtml('<p>Intro</p><h1>Report</h1><p>A</p><h2>Sales</h2><p>B</p><h3>EU</h3><p>C</p><h2>Costs</h2><p>D</p>', 'a.html');
    expect(doc.sections.map((s) => s.path)).toEqual([['Report'], ['Report', 'Sales'], ['Report', 'Sales', 'EU'], ['Report', 'Costs']]);
    expect(doc.sections.map((s) => doc.text.slice(s.start, s.end))).toEqual(['Report\n\nA', 'Sales\n\nB', 'EU\n\nC', 'Costs\n\nD']);
    expect(doc.text.slice(0, doc.sections[0].start)).toBe('Intro\n\n');
  });
});

describe('parseHtml: decoding, and what it returns', () => {
  it('decodes named and numeric entities', () => {
    expect(parseHtml('<p>R&amp;D &ndash; caf&eacute; &#8364;5 &#x2713; &lt;tag&gt;</p>', 'a.html').text).toBe('R&D – café €5 ✓ <tag>');
  });

  it('keeps markup-like text as text and never runs anything', () => {
    const doc = parseHtml('<p onclick="alert(1)">&lt;script&gt;alert(1)&lt;/script&gt;</p><img src=x onerror="alert(2)">', 'a.html');
    expect(doc.text).toBe('<script>alert(1)</script>');
  });

  it('decodes bytes using the charset the page declares', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('<meta charset="iso-8859-15"><p>'), 0xa4, 0x35]);
    expect(parseHtml(bytes, 'a.html').text).toBe('€5');
  });

  it('returns an empty page list, no warnings and the html kind', () => {
    const doc = parseHtml('<p>x</p>', 'a.html');
    expect(doc).toMatchObject({ kind: 'html', pages: [], warnings: [] });
  });

  it('rejects empty files and pages without visible text', () => {
    expect(() => parseHtml('', 'empty.html')).toThrowError(IngestError);
    expect(() => parseHtml('  \n ', 'blank.html')).toThrowError(/blank space/);
    try {
      parseHtml('<html><head><title>Only a title</title></head><body><script>x()</script></body></html>', 'bare.html');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(IngestError);
      expect((e as IngestError).code).toBe('empty');
      expect((e as IngestError).message).toContain('bare.html');
    }
  });
});

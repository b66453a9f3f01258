import { describe, expect, it } from 'vitest';
import { tablesOf } from '../../testing/table-docs';
import { askedComparison, compareRows, comparisonText, type AskedComparison, type Comparison } from '.';

const SEGMENTS = `Business Segment Information

(Millions)

Net Sales | 2022 | 2021 | 2020
Safety and Industrial | $11,604 | $11,981 | $10,972
Transportation and Electronics | 8,902 | 9,262 | 8,406
Health Care | 8,421 | 8,597 | 7,832
Consumer | 5,298 | 5,513 | 4,976
Corporate and Unallocated | 4 | 2 | (2)
Total Company | $34,229 | $35,355 | $32,184
Operating Performance | 2022 | 2021 | 2020
Safety and Industrial | $1,199 | $2,466 | $2,588
Transportation and Electronics | 1,012 | 1,880 | 1,701
Health Care | 1,815 | 2,037 | 1,662
Consumer | 994 | 1,162 | 1,119
Total business segment operating income | 5,020 | 7,545 | 7,070`;

/** Rows grouped under each segment's name, one label repeated under each. */
const BY_SEGMENT = `Segment Information (in millions)

Year Ended December 31, | 2018 | 2019
North America
Net sales | $141,366 | $170,773
Operating income | $7,267 | $7,033
International
Net sales | $65,866 | $74,723
Operating income | $(2,142) | $(1,693)
AWS
Net sales | $25,655 | $35,026
Operating income | $7,296 | $9,201`;

/** Blocks of columns, one per segment, named by a header row; footnote marks in cells of their own. */
const BLOCKS = `Segment results

Three months ended June 30, | Retail Banking | Corporate & Investment Bank | Corporate
(in millions) | 2022 | 2021 | Change | 2022 | 2021 | Change | 2022 | 2021 | Change
Total net revenue | $12,614 | $12,760 | (1)% | $11,947 | $13,214 | (10)% | $80 | $(1,169) | NM
Net interest income | 8,708 | 8,034 | 8 | 3,198 | 3,302 | (3) | 324 | (961) | NM
Net income/(loss) | 3,100 | 5,645 | (a) | (45) | 3,725 | 5,020 | (a) | (26) | (174) | (1,295) | 87
Return on equity | 38% | 24% | 15% | 14% | NM | NM`;

/** A non-financial table: a lab's measurements, no periods. */
const LAB = `Table 2. Median running time of each solver on the benchmark suite

Solver | Seconds | Memory (MB)
Simplex | 12.4 | 310
Interior point | 8.9 | 512
Branch and bound | 41.0 | 128
Total | 62.3 | 950`;

const CASH = `Consolidated Statements of Cash Flows (in millions)

Year Ended December 31, | 2019 | 2018
Net income | 11,588 | 10,073
Net cash provided by (used in) operating activities | 38,514 | 30,723
Purchases of property and equipment | (16,861) | (13,427)
Net cash provided by (used in) investing activities | (24,281) | (12,369)
Repayments of long-term debt | (1,166) | (668)
Net cash provided by (used in) financing activities | (10,066) | (7,686)`;

function compare(question: string, text: string): Comparison {
  const asked = askedComparison(question);
  expect(asked, question).toBeDefined();
  const c = compareRows(asked!, [{ docId: 'd', tables: tablesOf(text).tables }]);
  expect(c, question).toBeDefined();
  return c!;
}

describe('askedComparison', () => {
  it.each<[string, Partial<AskedComparison>]>([
    [
      'Which 3M business segment generated the most operating income in 2022?',
      { direction: 'max', measure: 'level', set: 'segment', metric: ['operating', 'income'], years: [2022] },
    ],
    ['Which region’s sales fell most from 2020 to 2021?', { direction: 'min', measure: 'change', changeIn: 'amount', set: 'region', years: [2020, 2021] }],
    ['Which segment grew its revenue the fastest in fiscal 2023?', { direction: 'max', measure: 'change', changeIn: 'percent', metric: ['revenue'] }],
    ['Which of its regions had the slowest revenue growth in fiscal 2021?', { direction: 'min', measure: 'change', changeIn: 'percent' }],
    ['Which of its geographic regions had the slowest revenue growth?', { set: 'region', metric: ['revenue'] }],
    ['Which segment earned the least in the second quarter?', { direction: 'min', measure: 'level', quarter: 2, months: 3 }],
    ['What is the largest liability on the balance sheet?', { direction: 'max', measure: 'level', set: 'liability' }],
    // Owners and names (a capital and lower case, "JPMorgan", "ACME's") are not what is measured; acronyms are.
    ['Which JPMorgan Chase segment had the highest ROE in the second quarter of 2023?', { metric: ['roe'], quarter: 2 }],
    ["Which of ACME's segments had the highest net income?", { metric: ['net', 'income'], set: 'segment' }],
  ])('%s', (question, expected) => {
    expect(askedComparison(question)).toMatchObject(expected);
  });

  it.each([
    'What was 3M’s operating income in 2022?',
    'Which accounting standard did it adopt in 2021?',
    'Is the business capital-intensive?',
    'Most of its revenue comes from where?',
  ])('asks no comparison: %s', (question) => {
    expect(askedComparison(question)).toBeUndefined();
  });
});

describe('compareRows', () => {
  it('names the segment with the highest operating income, not the net sales or a total', () => {
    const c = compare('Which segment had the highest operating income in 2022?', SEGMENTS);
    expect(c.ranked.map((r) => r.name)).toEqual(['Health Care', 'Safety and Industrial', 'Transportation and Electronics', 'Consumer']);
    expect(c.ranked[0].value).toBe(1815e6);
    expect(c.columns).toBe('2022');
    expect(c.leftOut).toEqual([{ name: 'Total business segment operating income', why: 'a total' }]);
  });

  it('reads net sales when the question asks for them, leaving out the total and Corporate', () => {
    const c = compare('Which segment had the lowest net sales in 2021?', SEGMENTS);
    expect(c.ranked[0]).toMatchObject({ name: 'Consumer', value: 5513e6 });
    expect(c.leftOut.map((l) => l.name)).toEqual(['Corporate and Unallocated', 'Total Company']);
  });

  it('compares Corporate and totals only when the question names them', () => {
    const c = compare('Which row of net sales, including the total, was largest in 2022?', SEGMENTS);
    expect(c.ranked[0].name).toBe('Total Company');
  });

  it('computes each row’s change between the two periods, in amount and in percent', () => {
    const amount = compare('Which segment’s operating income fell most from 2021 to 2022?', SEGMENTS);
    expect(amount.ranked[0]).toMatchObject({ name: 'Safety and Industrial', value: (1199 - 2466) * 1e6 });
    expect(amount.ranked[0].cells.map((x) => x.raw)).toEqual(['$2,466', '$1,199']);
    const percent = compare('Which segment’s operating income grew fastest in 2022?', SEGMENTS);
    // Every segment fell: the smallest fall in percent is Health Care's (−10.9%).
    expect(percent.ranked[0].name).toBe('Health Care');
    expect(percent.ranked[0].value).toBeCloseTo(((1815 - 2037) / 2037) * 100, 6);
  });
});

describe('compareRows: layouts (notes, blocks of columns) and rest rows', () => {
  it('reads a balance at the end of an asked half year; corporate bonds are a member, a value summing the rows above is a subtotal', () => {
    const c = compare(
      'Which type of debt investment was the largest among short-term investments in the first half of 2023?',
      `Debt investments by fair value level (In thousands)

(In thousands) | Fair value level | June 30, 2023 | December 31, 2022
Short-term investments:
U.S. government securities | Level 1 | 57,696 | 56,835
Commercial paper | Level 2 | 4,561 | 4,466
Corporate bonds | Level 2 | 416,420 | 213,875
Short-term investments | 478,677 | 275,176`,
    );
    expect(c.columns).toBe('Jun 30, 2023');
    expect(c.ranked[0]).toMatchObject({ name: 'Corporate bonds', value: 416420e3 });
    expect(c.leftOut).toEqual([{ name: 'Short-term investments', why: 'a subtotal' }]);
    expect(c.share?.percent).toBeCloseTo((416420 / 478677) * 100, 6);
  });

  it('compares blocks of columns named by a header row, each block its own member, footnote cells aside', () => {
    const c = compare("Which of the bank's segments had the highest net income in the second quarter of 2022?", BLOCKS);
    expect(c.ranked.map((r) => [r.name, r.value])).toEqual([
      ['Corporate & Investment Bank', 3725e6],
      ['Retail Banking', 3100e6],
    ]);
    expect(c.ranked[0].cells[0].raw).toBe('3,725');
    expect(c.leftOut).toEqual([{ name: 'Corporate', why: 'not one of the set (corporate, other or eliminations)' }]);
    expect(comparisonText(c, () => 1)).toMatch(/^Corporate & Investment Bank: the highest, \$3,725 million/);
    // No printed row totals exactly the two compared: no share is claimed.
    expect(c.share).toBeUndefined();
    // A ratio printed without its change column: each block's first cells.
    const roe = compare("Which of the bank's segments had the highest return on equity in the second quarter of 2022?", BLOCKS);
    expect(roe.ranked.map((r) => [r.name, r.value])).toEqual([
      ['Retail Banking', 38],
      ['Corporate & Investment Bank', 15],
    ]);
  });

  it('still sets apart Corporate rows of a segment table, whatever follows the word', () => {
    for (const label of ['Corporate', 'Corporate & Other', 'Corporate and unallocated', 'Corporate expenses', 'Unallocated corporate']) {
      const c = compare('Which segment had the highest operating income in 2022?', `Operating income (Millions) | 2022 | 2021\nAlpha | 10 | 9\nBeta | 8 | 7\n${label} | 40 | 30`);
      expect(c.leftOut.map((l) => l.name)).toEqual([label]);
    }
  });

  it('takes the table’s latest period when the question names none', () => {
    expect(compare('Which segment had the highest operating income?', SEGMENTS).columns).toBe('2022');
  });

  it('names rows grouped under each segment by their heading', () => {
    const c = compare('Which segment had the highest operating income in 2019?', BY_SEGMENT);
    expect(c.ranked.map((r) => [r.name, r.value])).toEqual([
      ['AWS', 9201e6],
      ['North America', 7033e6],
      ['International', -1693e6],
    ]);
  });

  it('compares the three cash-flow activities by their totals', () => {
    const c = compare('Which of the three cash flow activities used the most cash in 2019?', CASH);
    expect(c.ranked.map((r) => r.name)).toEqual(['Operating activities', 'Financing activities', 'Investing activities']);
    const least = compare('Which of operating, investing and financing activities brought in the least cash in 2019?', CASH);
    expect(least.ranked[0]).toMatchObject({ name: 'Investing activities', value: -24281e6 });
  });

  it('compares a table without periods (a non-financial table) by its first column', () => {
    const c = compare('Which solver has the highest running time in seconds?', LAB);
    expect(c.ranked.map((r) => r.name)).toEqual(['Branch and bound', 'Simplex', 'Interior point']);
    expect(c.leftOut).toEqual([{ name: 'Total', why: 'a total' }]);
  });

  it('finds nothing when no table names what the question compares', () => {
    const asked = askedComparison('Which product line had the most patents?')!;
    expect(compareRows(asked, [{ docId: 'd', tables: tablesOf(LAB).tables }])).toBeUndefined();
  });
});

describe('comparisonText', () => {
  it('leads with the winner and its value, then the runner-up, the table, the column and what was left out, each row cited', () => {
    const c = compare('Which segment had the highest operating income in 2022?', SEGMENTS);
    const text = comparisonText(c, (cell) => (cell.raw === '1,815' ? 2 : 3));
    const [first, rest] = text.split('\n\n');
    // The printed total sums exactly the four segments compared: the winner's share of it is given.
    expect(first).toBe(
      'Health Care: the highest, $1,815 million (2022), 36.2% of Total business segment operating income ($5,020 million) [2]. Next: Safety and Industrial, $1,199 million (2022) [3].',
    );
    expect(rest).toContain('Sieve compared 4 rows of “Operating Performance”');
    expect(rest).toContain('column 2022');
    expect(rest).toContain('Left out: Total business segment operating income (a total).');
    expect(rest).not.toContain('loosely');
  });

  it('writes a change with both cells and its sign', () => {
    const c = compare('Which segment’s operating income fell most from 2021 to 2022?', SEGMENTS);
    expect(comparisonText(c, () => 1).split('\n')[0]).toBe(
      'Safety and Industrial: the largest decrease, -$1,267 million ($2,466 million in 2021 to $1,199 million in 2022) [1]. Next: Transportation and Electronics, -$868 million ($1,880 million in 2021 to $1,012 million in 2022) [1].',
    );
  });
});

describe('compareRows: subtotals and one segment per table', () => {
  const SUBTOTALS = `The following table presents segment net income by reportable segment (in millions):

 | 2022 | 2021 | 22 vs. 21 | 22 vs. 21
Optical Communications | $661 | $553 | $108 | 20%
Display Technologies | 769 | 960 | (191) | (20)%
Specialty Materials | 340 | 371 | (31) | (8)%
Net income of reportable segments | 1,770 | 1,884 | (114) | (6)%
Emerging Growth Businesses | 39 | (51) | 90 | *`;

  it('leaves out a subtotal that says no "Total": by its label naming the measure, or by summing the rows above', () => {
    const c = compare('Which segment earned the most net income in 2022?', SUBTOTALS);
    expect(c.ranked[0]).toMatchObject({ name: 'Display Technologies', value: 769e6 });
    // Named in the plural of the set, it sums the set: it is left out before any sum is tried.
    expect(c.leftOut).toContainEqual({ name: 'Net income of reportable segments', why: 'a sum of the segments' });
    expect(c.columns).toBe('2022');
  });

  it('compares one row across tables of one segment each, named by their titles', () => {
    const page = (name: string, marketing: string) => `${name} Segment

(in thousands) | 2015 | 2014
Revenues | $4,180,339 | $3,431,434
Marketing | ${marketing} | 293,453
Contribution profit | 1,375,500 | 936,220`;
    const { tables } = tablesOf(page('Domestic Streaming', '317,646'), page('International Streaming', '506,446'), page('Domestic DVD', '—'));
    const asked = askedComparison('Which segment spent the most on marketing in 2015?')!;
    const c = compareRows(asked, [{ docId: 'd', tables }])!;
    expect(c.ranked.map((r) => r.name)).toEqual(['International Streaming', 'Domestic Streaming', 'Domestic DVD']);
    expect(c.ranked[0].cells[0].page).toBe(2);
  });
});

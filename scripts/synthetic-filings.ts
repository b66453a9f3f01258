/**
 * Synthetic chunks that look like annual-report text, for retrieval benchmarks: words follow
 * a Zipf-like law over a filing vocabulary (so "company", "million", "revenue", "2022" land in
 * a large share of chunks, as in real 10-Ks), a quarter of the chunks are table rows with
 * figures, and every chunk carries a contextual header ("Acme Corp 10-K 2022 › Item 7 › Liquidity").
 * Deterministic for a given seed.
 */
import type { Chunk } from '../src/core/types';

/** Content words, most frequent first (rank 1 gets the largest share). */
const COMMON = (
  'company million revenue 2022 2021 net year total financial income 2023 fiscal cash operating ' +
  'billion tax sales costs 2020 assets business expenses increase results compared related ' +
  'period segment value products customers share stock debt capital market interest due ' +
  'percent rate including primarily certain based agreement credit fair statements loss ' +
  'consolidated expense liabilities growth services equity reporting flow operations decrease ' +
  'management risk quarter ended december inventory margin gross accounting note investments ' +
  'current long term program plan contracts obligations amount lease goodwill intangible ' +
  'acquisition dividends repurchase notes senior facility borrowing impairment pension ' +
  'depreciation amortization expenditures expenditure property equipment receivable payable deferred ' +
  'effective international domestic regulatory litigation employees compensation award ' +
  'guidance outlook demand supply pricing volume currency exchange foreign hedging derivative ' +
  'commercial paper liquidity resources maturity principal covenant rating securities'
).split(' ');

const STOP = 'the of and to in a for our was were is are by on as with that from at an this which be its or not we'.split(' ');

const COMPANIES = [
  '3M',
  'Microsoft',
  'Acme Corp',
  'Nike',
  'PepsiCo',
  'Amazon',
  'Boeing',
  'Pfizer',
  'Adobe',
  'Costco',
  'Walmart',
  'Intel',
  'Netflix',
  'Oracle',
  'Verizon',
  'Johnson & Johnson',
  'Coca-Cola',
  'AMD',
  'Best Buy',
  'CVS Health',
  'General Mills',
  'Kraft Heinz',
  'Lockheed Martin',
  'MGM Resorts',
  'Ulta Beauty',
];
const ITEMS: Array<[string, string[]]> = [
  ['Item 1 Business', ['Overview', 'Products', 'Competition', 'Employees']],
  ['Item 1A Risk Factors', ['Market Risks', 'Regulatory Risks', 'Operational Risks']],
  ['Item 7 Management’s Discussion and Analysis', ['Results of Operations', 'Liquidity', 'Capital Resources', 'Critical Accounting Estimates']],
  ['Item 8 Financial Statements', ['Consolidated Balance Sheets', 'Cash Flows', 'Income Statements', 'Notes to Financial Statements']],
];

export interface SyntheticCorpus {
  /** One entry per document: its id and its chunks in order. */
  documents: Array<{ docId: string; chunks: Chunk[] }>;
  chunkCount: number;
}

/** Deterministic uniform [0, 1) generator (LCG). */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** `rows` random unit vectors of `dim` floats, one after another. */
export function randomUnitRows(rows: number, dim: number, rand: () => number): Float32Array {
  const m = new Float32Array(rows * dim);
  for (let r = 0; r < rows; r++) {
    let norm = 0;
    for (let j = 0; j < dim; j++) norm += (m[r * dim + j] = rand() * 2 - 1) ** 2;
    const inv = 1 / Math.sqrt(norm);
    for (let j = 0; j < dim; j++) m[r * dim + j] *= inv;
  }
  return m;
}

/** Vocabulary of `size` words: the filing words above, then made-up rarer words (names, jargon). */
function vocabulary(size: number, rand: () => number): string[] {
  const syllables = 'ka ro te mi lu sa vor den pra bel tis nor gal fen qui zu hal mer cor dat'.split(' ');
  const words = [...COMMON];
  const seen = new Set(words);
  while (words.length < size) {
    const n = 2 + Math.floor(rand() * 3);
    const w = Array.from({ length: n }, () => syllables[Math.floor(rand() * syllables.length)]).join('');
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

/** Samples ranks 0.. with P(r) ∝ 1 / (r + 1 + q)^s (Zipf–Mandelbrot) from a cumulative table. */
function zipfSampler(size: number, s: number, q: number, rand: () => number): () => number {
  const cdf = new Float64Array(size);
  let sum = 0;
  for (let r = 0; r < size; r++) cdf[r] = sum += 1 / (r + 1 + q) ** s;
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function figure(rand: () => number): string {
  const v = Math.floor(rand() ** 2 * 90000) + 10;
  return v >= 1000 ? `${Math.floor(v / 1000)},${String(v % 1000).padStart(3, '0')}` : String(v);
}

/** `count` chunks spread over documents of `perDoc` chunks each. */
export function syntheticFilings(count: number, perDoc = 1000, seed = 7): SyntheticCorpus {
  const rand = lcg(seed);
  const vocab = vocabulary(40000, rand);
  // q = 4 puts the top word in about 60% of chunks and the 10th in about 27%.
  const rank = zipfSampler(vocab.length, 1.0, 4, rand);
  const word = () => vocab[rank()];
  const prose = (): string => {
    const sentences: string[] = [];
    for (let tokens = 0; tokens < 70;) {
      const len = 10 + Math.floor(rand() * 14);
      const ws = Array.from({ length: len }, () => (rand() < 0.4 ? STOP[Math.floor(rand() * STOP.length)] : word()));
      if (rand() < 0.3) ws.push(`$${figure(rand)}`, 'million');
      sentences.push(ws.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.');
      tokens += ws.length;
    }
    return sentences.join(' ');
  };
  const table = (year: number): string => {
    const rows = [`(in millions) | ${year} | ${year - 1} | Change`];
    const n = 4 + Math.floor(rand() * 5);
    for (let r = 0; r < n; r++) {
      const label = Array.from({ length: 1 + Math.floor(rand() * 3) }, word).join(' ');
      rows.push(`${label.replace(/^./, (c) => c.toUpperCase())} | $ ${figure(rand)} | $ ${figure(rand)} | ${(rand() * 40 - 20).toFixed(1)} %`);
    }
    return rows.join('\n');
  };

  const documents: SyntheticCorpus['documents'] = [];
  for (let d = 0; d * perDoc < count; d++) {
    const company = COMPANIES[d % COMPANIES.length];
    const year = 2023 - (Math.floor(d / COMPANIES.length) % 6);
    const docId = `${company.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${year}-${d}`;
    const rows = Math.min(perDoc, count - d * perDoc);
    const chunks: Chunk[] = [];
    for (let i = 0; i < rows; i++) {
      const [item, sections] = ITEMS[Math.floor((i / rows) * ITEMS.length)];
      const section = sections[Math.floor(i / 25) % sections.length];
      const text = rand() < 0.25 ? table(year) : prose();
      const header = `${company} 10-K ${year} › ${item} › ${section}`;
      chunks.push({ id: `${docId}#${i}`, docId, index: i, text, start: 0, end: text.length, sectionPath: [item, section], header, sentenceStart: i, sentenceEnd: i + 1 });
    }
    documents.push({ docId, chunks });
  }
  return { documents, chunkCount: count };
}

/** Questions in the FinanceBench style: long, with many words that are common in filings. */
export const BENCH_QUESTIONS = [
  'What is the FY2018 capital expenditure amount in USD millions for 3M?',
  'Has Microsoft increased its debt on balance sheet between FY2023 and FY2022?',
  'What is the year end FY2022 total amount of inventories for Nike in USD millions?',
  'What is the FY2021 operating cash flow ratio for PepsiCo? Operating cash flow ratio is cash from operations divided by total current liabilities.',
  'Does Boeing have an improving gross margin profile as of FY2022? If gross margin is not a useful metric for a company like this, then please state that and explain why.',
  'What drove the reduction in operating margin for Adobe in FY2022 compared to the previous fiscal year, and what is the total revenue?',
  'Among operations, investing, and financing activities, which brought in the most (or lost the least) cash flow for Amazon in FY2021?',
  'What is Costco’s three year average of capital expenditures as a percent of revenue from FY2020 to FY2022?',
  'How much did Pfizer spend on share repurchases and dividends in 2022, in USD billions, and did the company increase its dividend per share?',
  'Which segment of Intel had the largest decline in revenue in 2022, and what were the primary drivers of the decrease in net income?',
  'What are the major risk factors related to foreign currency exchange rates and interest rates disclosed by Walmart for the fiscal year ended 2023?',
  'goodwill impairment',
];

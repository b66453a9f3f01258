/**
 * Writes the English letter model that mends glyphs without text (src/core/parse/pdf/letters.ts):
 * counts of letter trigrams over the words of a folder of PDFs, read with Sieve's own parser,
 * each count kept as its rounded log2 so the table stays small.
 *
 *   npx tsx scripts/letter-model.ts <folder of PDFs> [out]
 *
 * The committed table was made from the 30 FinanceBench dev filings (../shared/data/financebench-dev/pdfs).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePdf } from '../src/adapters/pdf/node';

const [dir, out = 'src/core/parse/pdf/letters.ts'] = process.argv.slice(2);
if (!dir) throw new Error('usage: npx tsx scripts/letter-model.ts <folder of PDFs> [out]');
const counts = new Map<string, number>();
for (const f of readdirSync(dir).filter((x) => x.toLowerCase().endsWith('.pdf'))) {
  const doc = await parsePdf(new Uint8Array(readFileSync(join(dir, f))), f);
  for (const word of doc.text.toLowerCase().match(/\b[a-z]{2,}\b/g) ?? []) {
    const w = `^${word}$`;
    for (let i = 0; i + 3 <= w.length; i++) counts.set(w.slice(i, i + 3), (counts.get(w.slice(i, i + 3)) ?? 0) + 1);
  }
  console.log(f);
}
// Trigrams seen at least 4 times; the count as round(log2), one character from '0'.
const kept = [...counts].filter(([, n]) => n >= 4).sort(([a], [b]) => (a < b ? -1 : 1));
const table = kept.map(([t, n]) => t + String.fromCharCode(48 + Math.round(Math.log2(n)))).join('');
writeFileSync(
  out,
  `/**
 * English letter trigrams ("^co", "cor", "on$"; ^ and $ mark a word's ends) with how often each
 * occurs, as written by scripts/letter-model.ts from the words of 30 annual reports: four
 * characters per trigram, the fourth its count as a rounded log2 (char code minus 48). Used only
 * to mend letters a PDF's font does not map (ligatures.ts).
 */
export const LETTER_TRIGRAMS =
  ${JSON.stringify(table)};
`,
);
console.log(`${kept.length} trigrams, ${table.length} characters`);

/**
 * Calibrates the similarity a row label must reach to be matched to a line item by meaning
 * (core/compute MEANING_MIN_SIMILARITY), on the lexicon alone, never on a question set:
 *   npm run calibrate:meaning [-- --embedder use-lite]
 * Each way a question names a line item is matched, by the embedder, against every label the
 * lexicon prints for every line item; the best label is right when it belongs to the same item.
 * Labels printed exactly as the name are left out: those the word match finds already.
 * For each threshold it prints the share of names matched rightly and wrongly.
 */
import { parseArgs } from 'node:util';
import { LEXICON } from '../src/core/compute';
import { dot } from '../src/core/vector';
import { EMBEDDER_OPTIONS, loadNodeEmbedder } from './embedder';

const { values } = parseArgs({ options: { ...EMBEDDER_OPTIONS } });
const embedder = await loadNodeEmbedder(values.embedder);
const labels = LEXICON.flatMap((e) => e.labels.map((label) => ({ id: e.id, label })));
const names = LEXICON.flatMap((e) => e.names.map((name) => ({ id: e.id, name })));
const labelVectors = await embedder.embed(labels.map((l) => l.label));
const nameVectors = await embedder.embed(names.map((n) => n.name));
const same = (a: string, b: string) => a.toLowerCase().replace(/\W+/g, ' ').trim() === b.toLowerCase().replace(/\W+/g, ' ').trim();
const best = nameVectors.map((v, i) => {
  let top = { sim: -1, id: '' };
  labelVectors.forEach((w, j) => {
    // A label printed exactly as the name is the lexicon's words match, not a match by meaning.
    if (same(labels[j].label, names[i].name)) return;
    const sim = dot(v, w);
    if (sim > top.sim) top = { sim, id: labels[j].id };
  });
  return { ...top, right: top.id === names[i].id };
});
console.log(`${names.length} names against ${labels.length} labels of ${LEXICON.length} line items (${embedder.id})\n`);
console.log('threshold | matched rightly | matched wrongly | precision');
for (let t = 0.5; t <= 0.951; t += 0.05) {
  const accepted = best.filter((b) => b.sim >= t);
  const right = accepted.filter((b) => b.right).length;
  const pct = (n: number) => `${((100 * n) / names.length).toFixed(1)}%`;
  console.log(`${t.toFixed(2)} | ${pct(right)} | ${pct(accepted.length - right)} | ${accepted.length ? (right / accepted.length).toFixed(3) : '–'}`);
}

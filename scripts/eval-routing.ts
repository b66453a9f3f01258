/**
 * Routing on the generated library (src/testing/generated-questions.ts): for each class of
 * question of issue 30 §5, how many questions are kept to exactly their one filing, and the
 * share of the documents kept that are that filing (the routing part of rightDocShare: what
 * the answer is given comes only from the documents kept).
 *   npx tsx scripts/eval-routing.ts [--verbose]
 */
import { describeDocument, routeQuestion } from '../src/core/card';
import { generatedLibrary, routingClassQuestions } from '../src/testing/generated-questions';

const verbose = process.argv.includes('--verbose');
const library = generatedLibrary();
const docs = library.map((f) => ({ docId: f.file, card: describeDocument(f.parsed, f.file) }));
const questions = routingClassQuestions(library);
const classes = new Map<string, { n: number; exact: number; share: number }>();
for (const q of questions) {
  const kept = [...(routeQuestion(q.question, docs).docIds ?? docs.map((d) => d.docId))];
  const share = kept.includes(q.target) ? 1 / kept.length : 0;
  const c = classes.get(q.kind) ?? { n: 0, exact: 0, share: 0 };
  c.n++;
  c.share += share;
  if (share === 1) c.exact++;
  classes.set(q.kind, c);
  if (verbose && share < 1) console.log(`  ${q.kind}: ${q.question} → ${kept.join(', ')} (wanted ${q.target})`);
}
const companies = new Set(library.map((f) => f.company.ticker)).size;
console.log(`generated library: ${library.length} filings of ${companies} companies; ${questions.length} questions`);
console.log('| class | questions | kept to exactly their filing | share of kept documents that are theirs |');
console.log('| --- | --- | --- | --- |');
const all = { n: 0, exact: 0, share: 0 };
for (const [kind, c] of classes) {
  console.log(`| ${kind} | ${c.n} | ${c.exact} | ${(c.share / c.n).toFixed(3)} |`);
  all.n += c.n;
  all.exact += c.exact;
  all.share += c.share;
}
console.log(`| all | ${all.n} | ${all.exact} | ${(all.share / all.n).toFixed(3)} |`);

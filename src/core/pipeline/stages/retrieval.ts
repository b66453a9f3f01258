import type { Candidate } from '../../kb';
import { statementOf, statementPages, statementsNamed, type StatementKind } from '../statements';
import type { CandidateRow } from '../types';
import type { AskContext, AskDeps, Outcome } from './context';

/** The most candidates retrieval-only mode looks at. */
const RETRIEVAL_ONLY_POOL = 200;

/** 2. Hybrid retrieval: dense on the rewrite, BM25 on both wordings; a row per candidate. */
export async function retrieval(ctx: AskContext, query: string, scope: ReadonlySet<string> | undefined): Promise<Outcome<CandidateRow[]>> {
  const { deps, settings, engine, judging, question } = ctx;
  const vector = await deps.embedQuery(query, ctx.signal);
  const keywords = query === question ? question : `${question} ${query}`;
  // Without an LLM, segment extraction reads relevance from a longer ranked list; the LLM
  // retriever's refine mode judges a longer list too.
  let limit = settings.segments.enabled && !engine ? Math.max(settings.candidates, settings.segments.candidates) : settings.candidates;
  if (judging === 'refine') limit = Math.max(limit, settings.llmRetriever.refineCandidates);
  // Retrieval-only grading costs nothing per candidate: take enough to fill the budget twice over.
  const filling = !engine && !settings.segments.enabled && settings.threshold.relative > 0;
  if (filling) limit = Math.max(limit, RETRIEVAL_ONLY_POOL);
  let { candidates } = await deps.search(keywords, vector, { mode: vector ? 'hybrid' : 'bm25', weights: settings.weights, limit, docIds: scope });
  // Later stages read whole documents (neighbours, statements, segments): the candidates' and, when every chunk is judged, the scope's.
  const everyDoc = judging === 'primary' ? [...(scope ?? deps.documentIds?.() ?? [])] : [];
  await deps.loadDocuments?.([...new Set([...candidates.map((c) => c.chunk.docId), ...everyDoc])]);
  let onStatements = new Map<string, StatementKind>();
  if (filling) ({ candidates, onStatements } = fillBudget(candidates, ctx));
  let value: CandidateRow[] = candidates.map((c, i) => candidateRow(c, i + 1, deps));
  for (const row of value) row.statement = statementOf(row.chunk, onStatements);
  // Primary: every chunk of the chosen documents is a candidate; retrieval only orders them.
  if (judging === 'primary') value = everyChunk(value, deps, scope);
  return { value, detail: { candidates: value.length, dense: Boolean(vector), ...(judging !== 'off' ? { llmRetriever: judging } : {}) } };
}

/** Retrieval-only: the best candidates up to twice the budget, and those on a financial statement the question names. */
function fillBudget(pool: Candidate[], { settings, question, deps }: AskContext): { candidates: Candidate[]; onStatements: Map<string, StatementKind> } {
  let candidates = fillChars(pool, settings.candidates, 2 * settings.contextBudget);
  let onStatements = new Map<string, StatementKind>();
  const named = statementsNamed(question);
  if (named.length > 0 && deps.chunksOf) {
    const docs = [...new Set(pool.slice(0, settings.candidates).map((c) => c.chunk.docId))];
    onStatements = statementPages(
      docs.flatMap((d) => deps.chunksOf!(d)),
      named,
    );
    const taken = new Set(candidates);
    candidates = [...candidates, ...pool.filter((c) => !taken.has(c) && statementOf(c.chunk, onStatements))];
  }
  return { candidates, onStatements };
}

/** The best candidates up to `chars` characters of text, and at least `min` of them. */
function fillChars(candidates: Candidate[], min: number, chars: number): Candidate[] {
  let total = 0;
  let n = 0;
  while (n < candidates.length && (n < min || total < chars)) total += candidates[n++].chunk.text.length;
  return candidates.slice(0, n);
}

function candidateRow(c: Candidate, rank: number, deps: AskDeps): CandidateRow {
  return { chunk: c.chunk, title: deps.titleOf(c.chunk.docId), rank, bm25: c.bm25, dense: c.dense, bm25Norm: c.bm25Norm, denseNorm: c.denseNorm, hybrid: c.score };
}

/** Every chunk of the documents in scope: retrieved ones first (with their scores), then the rest in document order. */
export function everyChunk(retrieved: CandidateRow[], deps: AskDeps, docIds?: ReadonlySet<string>): CandidateRow[] {
  if (!deps.chunksOf) return retrieved;
  const scope = docIds ? [...docIds] : (deps.documentIds?.() ?? [...new Set(retrieved.map((r) => r.chunk.docId))]);
  const seen = new Set(retrieved.map((r) => r.chunk.id));
  const rest = scope.flatMap((docId) => deps.chunksOf!(docId).filter((c) => !seen.has(c.id)));
  return [
    ...retrieved,
    ...rest.map((chunk, i) => ({ chunk, title: deps.titleOf(chunk.docId), rank: retrieved.length + i + 1, bm25: 0, dense: 0, bm25Norm: 0, denseNorm: 0, hybrid: 0 })),
  ];
}

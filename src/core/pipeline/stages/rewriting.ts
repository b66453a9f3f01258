import { routeQuestion, type RoutedDocument } from '../../card';
import { rewriteQuery } from '../rewrite';
import type { AskContext, Outcome } from './context';

/** 1. The question reworded for retrieval by the LLM (or as asked, without one or when turned off). */
export async function rewriting({ engine, settings, question, signal, problems }: AskContext): Promise<Outcome<string>> {
  if (!engine || !settings.rewrite) return { value: question, detail: { skipped: engine ? 'turned off' : 'no LLM' } };
  const r = await rewriteQuery(engine, question, signal);
  if (r.problem) problems.push(`Query rewrite: ${r.problem}`);
  return { value: r.rewritten, usage: r.usage, detail: r.problem ? { discarded: r.problem } : { rewritten: r.rewritten } };
}

interface Routing {
  scope?: ReadonlySet<string>;
  routed: RoutedDocument[];
}

/** 1b. A question that names a document (company, ticker, file) and period is kept to it. */
export async function routing({ settings, deps, question }: AskContext, chosen: ReadonlySet<string> | undefined): Promise<Outcome<Routing>> {
  if (!settings.routing || !deps.cards) return { value: { scope: chosen, routed: [] }, detail: { skipped: settings.routing ? 'no document cards' : 'turned off' } };
  const cards = deps.cards().filter((d) => !chosen || chosen.has(d.docId));
  const r = routeQuestion(question, cards);
  return { value: { scope: r.docIds ?? chosen, routed: r.routed }, detail: { documents: cards.length, routed: r.routed.length, reason: r.reason } };
}

/** Prepares a bundle for storage: checks it is self-consistent and drops hidden buffer baggage. */
import type { DocumentBundle } from '../../core/kb';

/**
 * Structured cloning stores a typed array's whole underlying buffer, so a view into a larger
 * buffer (a subarray of a batch) would silently store the whole batch. Copy such views.
 */
export function compact(array: Float32Array): Float32Array {
  const ownsBuffer = array.byteOffset === 0 && array.byteLength === array.buffer.byteLength;
  return ownsBuffer ? array : array.slice();
}

/** Problems that mean the caller built the bundle wrongly; empty when it is consistent. */
export function bundleProblems(bundle: DocumentBundle): string[] {
  const { document, file, text, chunks, vectors } = bundle;
  const id = document.id;
  const problems: string[] = [];
  for (const [what, docId] of [
    ['file', file.docId],
    ['text', text.docId],
    ['chunks', chunks.docId],
    ['vectors', vectors.docId],
  ]) {
    if (docId !== id) problems.push(`${what}.docId is "${docId}", expected "${id}"`);
  }
  if (chunks.chunks.some((c) => c.docId !== id)) problems.push('a chunk belongs to another document');
  if (document.chunkCount !== chunks.chunks.length) {
    problems.push(`document.chunkCount is ${document.chunkCount} but there are ${chunks.chunks.length} chunks`);
  }
  if (vectors.data.length !== chunks.chunks.length * vectors.dim) {
    problems.push(`vectors hold ${vectors.data.length} floats, expected ${chunks.chunks.length} chunks × ${vectors.dim}`);
  }
  if (text.neighbourSims.length !== Math.max(0, text.sentences.length - 1)) {
    problems.push(`${text.neighbourSims.length} neighbour similarities for ${text.sentences.length} sentences`);
  }
  return problems;
}

export function prepareBundle(bundle: DocumentBundle): DocumentBundle {
  const problems = bundleProblems(bundle);
  if (problems.length) throw new Error(`Inconsistent document bundle for "${bundle.document.name}": ${problems.join('; ')}`);
  return {
    ...bundle,
    text: { ...bundle.text, neighbourSims: compact(bundle.text.neighbourSims) },
    vectors: { ...bundle.vectors, data: compact(bundle.vectors.data) },
  };
}

/** Chunks and vectors are stored in parts (see splitParts): reading them back joins a document's parts. */
import type { IDBPTransaction } from 'idb';
import type { DocumentChunks, DocumentVectors, QuantizedVectors } from '../../core/kb';
import type { DocumentId } from '../../core/types';
import { dequantizeRows } from '../../core/vector';
import { partsOf } from './schema';

interface ChunkPart {
  docId: DocumentId;
  part: number;
  chunks: DocumentChunks['chunks'];
}

export interface VectorPart {
  docId: DocumentId;
  part: number;
  embedderId: string;
  dim: number;
  q: Int8Array;
  scales: Float32Array;
}

export interface KeywordRecord {
  docId: DocumentId;
  segment: unknown;
}

export type ReadTransaction = IDBPTransaction<unknown, string[], 'readonly'>;

/** Parts by document, each document's in part order (getAll returns them in key order). */
export function groupParts<P extends { docId: DocumentId }>(parts: P[]): Map<DocumentId, P[]> {
  const out = new Map<DocumentId, P[]>();
  for (const p of parts) {
    const list = out.get(p.docId);
    if (list) list.push(p);
    else out.set(p.docId, [p]);
  }
  return out;
}

/** Documents whose chunk parts run 0, 1, … without a gap. */
export function completeParts(keys: Array<[DocumentId, number]>): Set<DocumentId> {
  const next = new Map<DocumentId, number>();
  const broken = new Set<DocumentId>();
  for (const [docId, part] of keys) {
    if (part !== (next.get(docId) ?? 0)) broken.add(docId);
    next.set(docId, part + 1);
  }
  return new Set([...next.keys()].filter((id) => !broken.has(id)));
}

/** A document's chunks from its parts; undefined when it has none (not stored, or half-written by an old version). */
function joinChunks(docId: DocumentId, parts: ChunkPart[]): DocumentChunks | undefined {
  if (parts.length === 0 || parts.some((p, i) => p.part !== i)) return undefined;
  return { docId, chunks: parts.length === 1 ? parts[0].chunks : parts.flatMap((p) => p.chunks) };
}

export function joinQuantized(docId: DocumentId, parts: VectorPart[]): QuantizedVectors | undefined {
  if (parts.length === 0 || parts.some((p, i) => p.part !== i || p.dim !== parts[0].dim || !(p.q instanceof Int8Array))) return undefined;
  const { embedderId, dim } = parts[0];
  if (parts.length === 1) return { docId, embedderId, dim, q: parts[0].q, scales: parts[0].scales };
  const q = new Int8Array(parts.reduce((n, p) => n + p.q.length, 0));
  const scales = new Float32Array(parts.reduce((n, p) => n + p.scales.length, 0));
  let at = 0;
  let row = 0;
  for (const p of parts) {
    q.set(p.q, at);
    scales.set(p.scales, row);
    at += p.q.length;
    row += p.scales.length;
  }
  return { docId, embedderId, dim, q, scales };
}

/** A document's vectors as floats (dequantized from storage). */
function joinVectors(docId: DocumentId, parts: VectorPart[]): DocumentVectors | undefined {
  const joined = joinQuantized(docId, parts);
  return joined && { docId, embedderId: joined.embedderId, dim: joined.dim, data: dequantizeRows(joined, joined.dim) };
}

export const readChunks = async (tx: ReadTransaction, id: DocumentId) => joinChunks(id, (await tx.objectStore('chunkParts').getAll(partsOf(id))) as ChunkPart[]);
export const readVectors = async (tx: ReadTransaction, id: DocumentId) => joinVectors(id, (await tx.objectStore('vectorParts').getAll(partsOf(id))) as VectorPart[]);

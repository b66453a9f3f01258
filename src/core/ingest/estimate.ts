/**
 * What a document will cost before any of it is embedded: chunks, stored bytes and embedding
 * time, from its length alone. Large files are refused or announced with these figures instead
 * of failing after minutes of work (or exhausting the tab's memory).
 */

/** Past this the tab's memory and the user's patience run out: about 4,000 pages of dense filing text. */
export const MAX_DOCUMENT_CHARS = 8_000_000;
/** Embedding longer than this is announced with its estimate. */
const LONG_EMBED_SECONDS = 300;
/** What USE-lite embeds per second in Chromium's WASM on a 2-core machine (README, bench:ingest). */
const DEFAULT_SENTENCES_PER_SECOND = 40;

/** Characters per sentence and per stored token-posting, from the FinanceBench filings. */
const CHARS_PER_SENTENCE = 120;
const TERMS_PER_CHUNK = 60;

interface IngestEstimate {
  chars: number;
  sentences: number;
  chunks: number;
  /** Original file, text, chunks, vectors and keyword index as stored. */
  storageBytes: number;
  embedSeconds: number;
}

interface EstimateInput {
  chars: number;
  fileBytes: number;
  /** Vector size of the embedding model. */
  dim: number;
  /** The chunker's chunk size cap. */
  maxChunkChars: number;
  /** Measured on this device when known. */
  sentencesPerSecond?: number;
}

export function estimateIngest({ chars, fileBytes, dim, maxChunkChars, sentencesPerSecond }: EstimateInput): IngestEstimate {
  const sentences = Math.max(1, Math.ceil(chars / CHARS_PER_SENTENCE));
  // Chunks fill to about two thirds of their cap on average.
  const chunks = Math.max(1, Math.ceil(chars / Math.max(100, maxChunkChars * 0.66)));
  const storageBytes = fileBytes + chars * 2 /* text */ + chars * 2 + chunks * 300 /* chunks and headers */ + sentences * 12 + chunks * dim * 4 + chunks * TERMS_PER_CHUNK * 6;
  // Every sentence is embedded, and then every chunk of more than one sentence.
  const embedSeconds = (sentences + chunks) / (sentencesPerSecond ?? DEFAULT_SENTENCES_PER_SECOND);
  return { chars, sentences, chunks, storageBytes, embedSeconds };
}

type EstimateVerdict = { refuse: string } | { warn: string } | Record<string, never>;

/** Whether to go ahead: refused past the size limit or the free storage, announced when long. */
export function judgeEstimate(e: IngestEstimate, freeBytes?: number, maxChars = MAX_DOCUMENT_CHARS): EstimateVerdict {
  const summary = `about ${count(e.chunks)} chunks from ${count(e.sentences)} sentences, ${bytes(e.storageBytes)} to store and ${duration(e.embedSeconds)} to embed on this device`;
  if (e.chars > maxChars) {
    return { refuse: `it holds ${count(e.chars)} characters of text (${summary}); Sieve takes documents up to ${count(maxChars)} characters. Split it into smaller files.` };
  }
  if (freeBytes !== undefined && e.storageBytes > freeBytes * 0.9) {
    return { refuse: `it needs ${summary}, but only ${bytes(Math.max(0, freeBytes))} of browser storage is free; delete some documents or free disk space.` };
  }
  if (e.embedSeconds > LONG_EMBED_SECONDS) return { warn: `A long document: ${summary}.` };
  return {};
}

function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function bytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} KB`;
  if (n < 1024 ** 3) return `${Math.round(n / 1024 / 1024)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}

export function duration(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

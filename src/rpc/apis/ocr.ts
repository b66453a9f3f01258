import type { CallContext } from '../protocol';
import type { Methods } from '../types';
import type { OcrResult } from '../../core/ocr';

/** The OCR worker (src/workers/ocr.worker.ts), as the library worker calls it. */
export interface OcrApi {
  recognize(image: Uint8Array, ctx: CallContext): Promise<OcrResult>;
}

export const OCR_METHODS: Methods<OcrApi> = { recognize: 1 };

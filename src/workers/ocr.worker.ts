/// <reference lib="webworker" />
import { expose } from '../rpc/expose';
import type { CallContext, Port } from '../rpc/protocol';
import { TesseractOcr } from '../adapters/ocr/tesseract';

// Thin host for the OCR engine; the library worker starts it when a page or image needs OCR.
const engine = new TesseractOcr();

expose(
  {
    recognize: async (image: Uint8Array, ctx: CallContext) => engine.recognize(image, ctx.signal),
  },
  self as unknown as Port,
);

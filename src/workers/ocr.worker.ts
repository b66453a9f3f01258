/// <reference lib="webworker" />
import { expose } from '../rpc/expose';
import { OCR_METHODS, type OcrApi } from '../rpc/apis/ocr';
import { TesseractOcr } from '../adapters/ocr/tesseract';

// Thin host for the OCR engine; the library worker starts it when a page or image needs OCR.
const engine = new TesseractOcr();

const api: OcrApi = {
  recognize: async (image, ctx) => engine.recognize(image, ctx.signal),
};

expose(api, self, OCR_METHODS);

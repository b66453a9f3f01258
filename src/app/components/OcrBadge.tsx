import type { OcrMark } from '../../core/types';
import { LOW_CONFIDENCE } from '../../core/ocr';
import { ocrLabel } from '../format';

/** Marks text that OCR read from a scan or an image, with the recogniser's confidence. */
export function OcrBadge({ ocr }: { ocr?: OcrMark }) {
  if (!ocr) return null;
  const low = ocr.confidence < LOW_CONFIDENCE;
  return (
    <span
      className={low ? 'ocr-badge low' : 'ocr-badge'}
      data-testid="ocr-badge"
      title={`Read from a scanned page or image by OCR, mean confidence ${Math.round(ocr.confidence)}%${low ? ' (low: check the original)' : ''}`}
    >
      {ocrLabel(ocr)}
    </span>
  );
}

/** Text that annotations and form fields show, placed on the page as runs of their own. */
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfTextItem } from '../../core/parse';

type Annotation = Awaited<ReturnType<PdfJs.PDFPageProxy['getAnnotations']>>[number];

export async function readAnnotations(page: PdfJs.PDFPageProxy): Promise<Annotation[]> {
  try {
    return await page.getAnnotations({ intent: 'display' });
  } catch {
    // Damaged annotations do not make the page's own text unreadable.
    return [];
  }
}

/** pdf.js's annotation flags: hidden (2) and no-view (32) are never shown. */
const UNSHOWN_FLAGS = 2 | 32;

/**
 * The text an annotation shows or holds, as lines: a FreeText box's or a comment's contents, a
 * text field's value, a list box's options (a combo box's chosen value only: its other options
 * are not shown). Password fields, buttons and links give none.
 */
function annotationLines(a: Annotation): string[] {
  if (typeof a.annotationFlags === 'number' && a.annotationFlags & UNSHOWN_FLAGS) return [];
  const contents = (): string => (typeof a.contentsObj?.str === 'string' ? a.contentsObj.str : '');
  let text: string[] = [];
  if (a.subtype === 'FreeText' || a.subtype === 'Text') {
    text = [contents()];
  } else if (a.subtype === 'Widget' && !a.hidden) {
    if (a.fieldType === 'Tx' && !a.password) {
      text = [typeof a.fieldValue === 'string' ? a.fieldValue : ''];
    } else if (a.fieldType === 'Ch') {
      const options: Array<{ exportValue?: unknown; displayValue?: unknown }> = Array.isArray(a.options) ? a.options : [];
      const shown = (value: unknown) => {
        const option = options.find((o) => o.exportValue === value || o.displayValue === value);
        return String(option?.displayValue ?? value ?? '');
      };
      const values: unknown[] = Array.isArray(a.fieldValue) ? a.fieldValue : a.fieldValue != null ? [a.fieldValue] : [];
      text = a.combo ? values.map(shown) : options.length > 0 ? options.map((o) => String(o.displayValue ?? o.exportValue ?? '')) : values.map(shown);
    }
  }
  return text
    .flatMap((t) => t.split(/\r\n|[\r\n\u2028\u2029]/))
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/**
 * Annotations' text as runs placed in their rectangles, one line under another, for the layout
 * clean-up to order with the page's own text. Text the page itself already draws (a form
 * flattened into the page that kept its fields, a stamp repeated in a comment) is left out.
 */
export function annotationItems(annotations: Annotation[], viewport: PageViewport, pageItems: PdfTextItem[]): PdfTextItem[] {
  const out: PdfTextItem[] = [];
  if (annotations.length === 0) return out;
  const pageText = squash(pageItems.map((i) => i.text).join(''));
  for (const a of annotations) {
    const lines = annotationLines(a).filter((line) => !pageText.includes(squash(line)));
    if (lines.length === 0 || !Array.isArray(a.rect) || a.rect.length !== 4 || !a.rect.every(Number.isFinite)) continue;
    const [x1, y1, x2, y2] = viewport.convertToViewportRectangle(a.rect) as number[];
    const left = Math.min(x1, x2);
    const top = Math.min(y1, y2);
    const boxWidth = Math.abs(x2 - x1);
    const boxHeight = Math.abs(y2 - y1);
    const declared = Number(a.defaultAppearanceData?.fontSize);
    // An automatic (0) or missing size: what fits the box, within ordinary text sizes.
    const fontSize = declared > 0 && declared < 200 ? declared : Math.max(6, Math.min(12, boxHeight / Math.max(1, lines.length) / 1.2 || 10));
    const font = typeof a.defaultAppearanceData?.fontName === 'string' && a.defaultAppearanceData.fontName ? a.defaultAppearanceData.fontName : 'annotation';
    lines.forEach((text, i) => {
      out.push({
        text,
        x: left + 2,
        y: top + fontSize * (1.2 * i + 1),
        // About half an em a character, and no wider than the box, as a box wraps what it holds.
        width: Math.min(text.length * fontSize * 0.5, Math.max(boxWidth - 4, fontSize)),
        fontSize,
        font,
        bold: false,
        italic: false,
        hasEOL: true,
        annotation: true,
      });
    });
  }
  return out;
}

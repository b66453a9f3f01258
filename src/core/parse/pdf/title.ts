import type { Heading } from './headings';
import type { BodyStyle } from './stats';

const PRODUCER_PREFIX = /^(?:microsoft (?:word|powerpoint|excel) - |untitled - )/i;
const FILE_NAME = /\.(?:docx?|pdf|indd|xlsx?|pptx?|rtf|txt|html?|qxp|pages)$/i;
const PLACEHOLDER = /^(?:untitled|document\d*|title|slide \d+|page \d+|no title)$/i;
// Ids and export stamps such as "10Q Doc & Exhibits-2022-08-03-15-21".
const TIMESTAMP = /\d+[-_.]\d+[-_.]\d+/;
// Cover-page boilerplate of filings and reports: large, first, and no use as a title.
const BOILERPLATE =
  /^(?:united states|securities and exchange commission|washington|form \S+|annual report|quarterly report|current report|table of contents|contents|index|cover page)\b|securities and exchange commission/i;

/** The metadata title if it reads like a title, else the first large heading near the start, else the file name. */
export function chooseTitle(metadata: string | null, headings: Heading[], body: BodyStyle, fileName: string): string {
  const meta = metadata?.replace(PRODUCER_PREFIX, '').replace(/\s+/g, ' ').trim() ?? '';
  if (meaningful(meta)) return meta;
  const large = headings.find((h) => h.block.page <= 3 && h.block.lines[0].fontSize >= 1.3 * body.fontSize && meaningful(h.title) && !BOILERPLATE.test(h.title));
  return large?.title ?? fileName;
}

function meaningful(title: string): boolean {
  if (title.length < 3 || FILE_NAME.test(title) || PLACEHOLDER.test(title) || TIMESTAMP.test(title)) return false;
  const letters = (title.match(/\p{L}/gu) ?? []).length;
  const visible = title.replace(/\s/g, '').length;
  return /\p{L}{3}/u.test(title) && letters >= visible / 3;
}

/** Prompt wording for LLM sectioning. Kept apart from the logic so it can be tuned on its own. */

export const SECTIONING_SYSTEM =
  'You divide documents into sections. A section is a run of consecutive lines about one topic. ' + 'You answer only with the list of sections, nothing else.';

interface SectioningPromptInput {
  /** Lines as "[number] text", already numbered with their document-wide numbers. */
  numberedLines: string;
  firstLine: number;
  lastLine: number;
  /** True when this excerpt continues a part already sectioned. */
  continuation: boolean;
}

export function sectioningPrompt(input: SectioningPromptInput): string {
  const where = input.continuation
    ? `This excerpt (lines ${input.firstLine} to ${input.lastLine}) continues a longer document; its first lines may belong to a section that began earlier. ` +
      'Only list a line where a new topic really begins.'
    : `This is the document from line ${input.firstLine} to line ${input.lastLine}. The first section starts at line ${input.firstLine}.`;
  return [
    'Split the text below into cohesive sections, each covering one topic. Each line starts with its number in brackets.',
    where,
    'For each section, give the number of the line where it starts and a short title (at most 8 words) saying what it is about.',
    'Answer with one section per line, in order, in exactly this form:',
    '<line number>: <title>',
    'For example:',
    `${input.firstLine}: Background of the project`,
    `${input.firstLine + 7}: Costs and funding`,
    '',
    'Text:',
    input.numberedLines,
  ].join('\n');
}

/**
 * Word lists for the sentence segmenter's merge rules. Entries are lower-case and include the
 * final period, as the token appears in text.
 */

/** Abbreviations that essentially never end a sentence: a break after them is always false. */
export const NEVER_FINAL = new Set([
  'mr.', 'mrs.', 'ms.', 'messrs.', 'dr.', 'prof.', 'rev.', 'hon.', 'gen.', 'col.', 'capt.', 'lt.',
  'sgt.', 'sen.', 'rep.', 'gov.', 'pres.', 'st.', 'mt.', 'e.g.', 'i.e.', 'cf.', 'vs.', 'viz.',
  'fig.', 'figs.', 'approx.', 'appx.', 'incl.', 'dept.', 'vol.', 'vols.', 'pp.', 'para.', 'sec.',
  'art.', 'ch.', 'ref.', 'refs.', 'eq.', 'ex.', 'sq.', 'tel.',
]);

/** Abbreviations that may also end a sentence: kept joined unless a typical sentence opener follows. */
export const MAY_END = new Set([
  'inc.', 'corp.', 'co.', 'ltd.', 'llc.', 'plc.', 'lp.', 'llp.', 'bros.', 'jr.', 'sr.', 'etc.', 'al.',
  'ft.', 'oz.', 'lb.', 'lbs.', 'yr.', 'yrs.', 'mo.', 'mos.', 'est.', 'max.', 'min.', 'avg.',
]);

/** "No. 5", "Nos. 3 and 4": abbreviations only when a number follows. */
export const BEFORE_NUMBER = new Set(['no.', 'nos.']);

/** Month abbreviations, matched case-sensitively so that "mar." or "may." in prose are left alone. */
export const MONTHS = new Set([
  'Jan.', 'Feb.', 'Mar.', 'Apr.', 'Jun.', 'Jul.', 'Aug.', 'Sep.', 'Sept.', 'Oct.', 'Nov.', 'Dec.',
]);

/** Words before a section number: "Item 7.", "Note 12.", "Part II." */
export const SECTION_WORDS = new Set([
  'item', 'section', 'part', 'note', 'article', 'chapter', 'schedule', 'exhibit', 'appendix',
  'annex', 'step', 'rule', 'table', 'figure', 'clause', 'paragraph',
]);

/** Capitalised words that typically open a sentence: after "Inc." or "U.S." they signal a real break. */
export const SENTENCE_OPENERS = new Set([
  'The', 'This', 'These', 'That', 'Those', 'There', 'They', 'Their', 'It', 'Its', 'We', 'Our',
  'He', 'She', 'His', 'Her', 'I', 'You', 'Your', 'A', 'An', 'In', 'On', 'At', 'As', 'By', 'For',
  'From', 'To', 'Of', 'With', 'However', 'Also', 'Although', 'After', 'Before', 'During', 'While',
  'When', 'If', 'Since', 'Because', 'Such', 'Each', 'All', 'Any', 'Some', 'Many', 'Most', 'Other',
  'Both', 'Additionally', 'Furthermore', 'Moreover', 'Therefore', 'Thus', 'Accordingly', 'Overall',
  'Finally', 'Then', 'Here', 'What', 'Why', 'How', 'Which', 'Who', 'No', 'Not', 'Net', 'Total',
  'Management', 'See', 'Please',
]);

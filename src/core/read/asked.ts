import { LEAD_IN } from './verdict';

/**
 * What a question asks for, as the last words of its head noun phrase: "What was Foot Locker's net
 * income in the second quarter?" asks for "net income"; "Who is Kenvue's chief financial
 * officer?" for "financial officer". A document that never prints them cannot state it. Empty when
 * the question has no such head ("Who founded …", "Why did …", "How …").
 *
 * The phrase ends before a preposition, a conjunction, a verb, a name or a participle; words that
 * say nothing of what is asked (an amount, a total, a year) are dropped and only the last
 * HEAD_WORDS words kept: "the FY2019 total capital expenditure amount" asks for "capital
 * expenditure".
 */
export function askedHead(question: string): string[] {
  const q = question.replace(LEAD_IN, '').trim();
  const m = q.match(WH_HEAD);
  if (!m) return [];
  // After a possessive, the head: "the Debian project's income" → "income".
  const phrase = m[1].split(/['’]s?\s+/).at(-1)!;
  const words = phrase.split(/\s+/).filter((w) => /^\p{L}/u.test(w) && !GENERIC.test(w) && !/\d/.test(w));
  // A name before the head is whose it is: "AWS operating income" asks for operating income.
  while (words.length > 1 && /^\p{Lu}/u.test(words[0])) words.shift();
  // The head ends before a name or a participle after it: "the price Pfizer paid", "the companies acquired", "the products sold".
  const end = words.findIndex((w, i) => i > 0 && (/^\p{Lu}/u.test(w) || /ed$/i.test(w) || PARTICIPLE.test(w)));
  if (end > 0) words.length = end;
  // A measure computed from printed figures need not be printed ("inventory turnover ratio"), nor what a passage states without naming it (the main drivers, the authors, a date).
  if (words.length === 0 || DERIVED.test(words.at(-1)!) || UNNAMED.test(words.at(-1)!)) return [];
  return words.slice(-HEAD_WORDS);
}

/** The last this many words name what is asked ("financial officer", "net income"); earlier ones may be modifiers or a name written in lower case. */
const HEAD_WORDS = 2;

/** Past participles not ending in -ed: "the products sold". */
const PARTICIPLE =
  /^(?:sold|paid|made|held|spent|built|bought|won|lost|given|taken|brought|kept|set|put|done|seen|grown|shown|known|left|sent|told|found|run|cut|drawn|written|chosen)$/i;

/**
 * "What was/is (the) …", "Who is …": the words up to a preposition, a verb, a comma or the question
 * mark. A question of another shape ("Which segment saw …", "What did … raise") has no head: its
 * verb, not a noun, says what is asked.
 */
const WH_HEAD = new RegExp(
  String.raw`^(?:what|who)\s+(?:is|was|are|were)\s+(?:the\s+|a\s+|an\s+)?((?:[\w&.’'-]+\s+){0,6}?[\w&.’'-]+?)` +
    String.raw`(?=\s+(?:in|of|for|at|on|during|did|does|do|was|were|is|are|has|have|had|to|from|by|with|under|over|between|as|that|which|when|per|according|reported|recorded|required|and|or|vs\.?|versus|than|last|this|next|excluding|including|before|after|since|through|compared)\b|\s*[,?(:;]|\s*$)`,
  'i',
);

/** Words that say nothing of what is asked. */
const GENERIC =
  /^(?:the|a|an|its|their|total|amount|value|figure|number|level|approximate|approximately|exact|current|latest|reported|overall|company|company['’]s|fiscal|fy|year|quarter|annual|quarterly|full|primary|key|name|names|type|kind|major|main|significant|notable|important|largest|biggest|new|former|previous|prior|next|incoming|outgoing|interim|acting|recent|present|future|old|one|two|three|four|five|six|seven|eight|nine|ten)$/i;

/** A measure computed from printed figures, or a comparison of them: a document need not print its name. */
const DERIVED =
  /^(?:ratios?|margins?|averages?|changes?|growth|turnover|rates?|percentages?|shares?|returns?|multiples?|yields?|cycles?|differences?|increases?|decreases?|declines?|trends?)$/i;

/**
 * What a passage states without naming it: reasons, drivers, risks, effects, a view or a plan; who
 * wrote it, what it is about; a date, a place.
 */
const UNNAMED =
  /^(?:authors?|editors?|writers?|title|topic|subject|theme|contents?|date|dates|time|day|month|deadline|place|location|address|country|city|answer|meaning|definition|examples?|sources?|reasons?|drivers?|factors?|causes?|explanations?|impacts?|effects?|consequences?|implications?|risks?|challenges?|outlook|view|views|opinion|strategy|strategies|plans?|purpose|role|goal|goals|objectives?|benefits?|advantages?|disadvantages?|differences?|relationship|significance|status|situation|position|approach|policy|policies|nature|basis|story|summary|overview)$/i;

/**
 * Whether a text prints the head, its words in order and next to each other, each word as the
 * beginning of a word of the text ("net income" in "Net income attributable", "capital expenditure"
 * in "capital expenditures"). An acronym is printed as itself or spelled out ("CFO" as "Chief
 * Financial Officer").
 */
export function printsHead(text: string, head: readonly string[]): boolean {
  if (head.length === 0) return true;
  const words = head.map((w) => {
    const stem = w.replace(/(?:ies|es|s)$/i, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const spelled = ACRONYM.test(w) ? `|${[...w.replace(/s$/, '')].map((c) => `${c}\\w*`).join(String.raw`\s+(?:of\s+|and\s+|&\s+)?`)}` : '';
    return `(?:${stem}${spelled})`;
  });
  return new RegExp(`\\b${words.join(String.raw`[\w’'-]*[\s-]+`)}`, 'i').test(text);
}

/** A word that may be an acronym: two to five capitals ("CFO", "AWS", "GMV"), or a short word in lower case ("cfo"). */
const ACRONYM = /^(?:[A-Z]{2,5}s?|[a-z]{2,3})$/;

/** An identifier a question asks for: the version of something, or something's number ("grant number"). */
export interface AskedIdentifier {
  kind: 'version' | 'number';
  /** What it identifies, as the question names it ("java", "grant"). */
  thing: string;
}

/**
 * "Which version of Java …", "Which Python versions …" ask for a version of a thing; "Which grant
 * number …" for a thing's number. A document states one only by printing it beside the thing.
 */
export function askedIdentifier(question: string): AskedIdentifier | undefined {
  const q = question.replace(LEAD_IN, '');
  const of = /\bversions?\s+of\s+(?:the\s+|a\s+)?([\p{L}][\w.+#-]*)/iu.exec(q);
  if (of && !IDENTIFIER_NOT_THING.test(of[1])) return { kind: 'version', thing: of[1].toLowerCase() };
  const before = /\b([\p{L}][\w.+#-]*)\s+versions?\b/iu.exec(q);
  if (before && !IDENTIFIER_NOT_THING.test(before[1])) return { kind: 'version', thing: before[1].toLowerCase() };
  const number = /\b([\p{L}][\w-]*)\s+numbers?\b(?!\s+of\b)/iu.exec(q);
  if (number && !IDENTIFIER_NOT_THING.test(number[1])) return { kind: 'number', thing: number[1].toLowerCase() };
  return undefined;
}

/** Words before "version" or "number" that name no thing ("which version", "the total number"). */
const IDENTIFIER_NOT_THING =
  /^(?:which|what|the|a|an|this|that|its|their|latest|current|new|newest|old|oldest|first|last|same|other|total|average|any|each|every|exact|minimum|maximum|required|supported|stable|released?|employees?|headcount|staff|people|delivery|deliveries|subscribers?|customers?|members?|users?|stores?|units?|shares?|visitors?|attendees?|participants?)$/i;

/** Characters around the thing within which its identifier must be printed. */
const IDENTIFIER_REACH = 60;

/** Whether a text prints the identifier beside the thing: a version ("3.7", "1.1-7", "Java 17") near it, or a number of two digits or more ("RGPIN-2014-04567", "(206) 266-1000"; not the "4" of "lme4") on either side of it. */
export function printsIdentifier(text: string, id: AskedIdentifier): boolean {
  const thing = new RegExp(`\\b${id.thing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'gi');
  for (const m of text.matchAll(thing)) {
    const end = m.index + m[0].length;
    const before = text.slice(Math.max(0, m.index - IDENTIFIER_REACH), m.index);
    const after = text.slice(end, end + IDENTIFIER_REACH);
    // A version is a dotted number anywhere near, or a plain number right after the thing ("Python 3").
    if (id.kind === 'version' ? /\b\d+\.\d+(?:[.-]\d+)*/.test(before + ' ' + after) || /^[\w-]*\s+v?\d+\b/i.test(after) : /\d{2,}/.test(before) || /\d{2,}/.test(after))
      return true;
  }
  return false;
}

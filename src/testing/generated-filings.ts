/**
 * Made-up filings of made-up companies, for the routing tests: annual and quarterly reports,
 * current reports with results, results releases without an SEC cover, and proxy statements,
 * under four fiscal calendars. Each comes with what it truly is, so a test can check what the
 * card reads from its text and where a question about it is routed.
 */
import type { PageSpan } from '../core/types';
import { docOf } from './table-docs';

/** When a company's fiscal year ends, and which year it is named by. */
export type Calendar = 'december' | 'may' | 'retail-start' | 'retail-end';

export interface Company {
  /** As on its cover. */
  name: string;
  ticker: string;
  exchange: 'NYSE' | 'Nasdaq';
  /** The short names it defines for itself ("Harbourline", "HFC"). */
  short: string[];
  calendar: Calendar;
  city: string;
}

export type Form = '10-K' | '10-Q' | '8-K' | 'earnings release' | 'proxy statement';

export interface GeneratedFiling {
  file: string;
  company: Company;
  form: Form;
  /** The fiscal year as the company names it: reported (10-K, 10-Q, release) or whose pay is described (proxy). */
  fiscalYear: number;
  quarter?: number;
  parsed: { title: string; text: string; pages: PageSpan[] };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ORDINAL = ['first', 'second', 'third', 'fourth'];
const date = (y: number, m: number, d: number) => `${MONTHS[m - 1]} ${d}, ${y}`;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The date a fiscal year (no quarter) or one of its first three quarters ends, by the company's calendar. */
export function periodEnd(calendar: Calendar, fy: number, quarter?: number): string {
  const late = fy % 2 === 0;
  switch (calendar) {
    case 'december':
      return quarter ? date(fy, quarter * 3, [31, 30, 30][quarter - 1]) : date(fy, 12, 31);
    case 'may':
      return quarter ? [date(fy - 1, 8, 27), date(fy - 1, 11, 26), date(fy, 2, 25)][quarter - 1] : date(fy, 5, late ? 29 : 28);
    case 'retail-start':
      // "Fiscal 2022" ends early in 2023.
      return quarter ? [date(fy, 4, 29), date(fy, 7, 29), date(fy, 10, 28)][quarter - 1] : late ? date(fy + 1, 1, 28) : date(fy + 1, 2, 3);
    case 'retail-end':
      // "Fiscal 2024" ends early in 2024.
      return quarter ? [date(fy - 1, 4, 29), date(fy - 1, 7, 29), date(fy - 1, 10, 28)][quarter - 1] : late ? date(fy, 2, 3) : date(fy, 1, 28);
  }
}

/** Whether the company speaks of "fiscal 2023" (a year that is not the calendar year). */
const fiscalWords = (c: Company) => c.calendar !== 'december';

function coverHead(c: Company, form: string, box: string, period: string): string {
  return [
    'UNITED STATES',
    'SECURITIES AND EXCHANGE COMMISSION',
    'Washington, D.C. 20549',
    `FORM ${form}`,
    box,
    period,
    'Commission File Number: 001-38211',
    c.name.toUpperCase(),
    '(Exact name of registrant as specified in its charter)',
    'Delaware | 47-2210983',
    '(State or other jurisdiction of incorporation) | (I.R.S. Employer Identification No.)',
    `400 Harbor Street, ${c.city} | 10017`,
    'Securities registered pursuant to Section 12(b) of the Act:',
    'Title of each class | Trading Symbol(s) | Name of each exchange on which registered',
    `Common Stock, $0.01 par value | ${c.ticker} | ${c.exchange === 'NYSE' ? 'New York Stock Exchange' : 'The Nasdaq Stock Market LLC'}`,
    'Indicate by check mark whether the registrant (1) has filed all reports required to be filed by Section 13 or 15(d) of the Securities Exchange Act of 1934. Yes ☒ No ☐',
  ].join('\n');
}

const defined = (c: Company) => `${c.name} (${c.short.map((s) => `“${s}”`).join(', ')} or the “Company”)`;

function annualBody(c: Company, fy: number): string {
  const end = periodEnd(c.calendar, fy);
  const year = fiscalWords(c) ? `fiscal ${fy}` : String(fy);
  const tie = fiscalWords(c) ? ` Our fiscal year ends on the Saturday nearest the end of the period; fiscal ${fy} ended ${end}.` : '';
  return [
    'PART I',
    'Item 1. Business',
    `${defined(c)} designs and sells products through stores and online.${tie}`,
    `In ${year}, net sales rose 6% to $4,210 million, and gross margin widened by 40 basis points. Capital expenditures were $188 million in ${year}.`,
  ].join('\n');
}

function quarterBody(c: Company, fy: number, quarter: number): string {
  const end = periodEnd(c.calendar, fy, quarter);
  const which = fiscalWords(c) ? `the ${ORDINAL[quarter - 1]} quarter of fiscal ${fy}` : `the three months ended ${end}`;
  return [
    'PART I. FINANCIAL INFORMATION',
    'Item 1. Financial Statements',
    `${defined(c)} reports its results for ${which}. Net sales were $1,020 million, up 4%, and operating income was $96 million.`,
  ].join('\n');
}

/**
 * An income statement page: three years for an annual report (the two before as comparatives,
 * so the page prints years the filing does not report), the quarter and a year earlier for a 10-Q.
 */
function statementPage(c: Company, fy: number, quarter?: number): string {
  const head = quarter
    ? `Three Months Ended | ${periodEnd(c.calendar, fy, quarter)} | ${periodEnd(c.calendar, fy - 1, quarter)}`
    : `Fiscal Year Ended | ${periodEnd(c.calendar, fy)} | ${periodEnd(c.calendar, fy - 1)} | ${periodEnd(c.calendar, fy - 2)}`;
  const row = (label: string, values: number[]) =>
    `${label} | ${values
      .slice(0, quarter ? 2 : 3)
      .map((v) => `$ ${v.toLocaleString('en-US')}`)
      .join(' | ')}`;
  return [
    `${c.name.toUpperCase()}`,
    quarter ? 'CONDENSED CONSOLIDATED STATEMENTS OF INCOME (Unaudited)' : 'CONSOLIDATED STATEMENTS OF INCOME',
    '(in millions, except per share data)',
    head,
    row('Net sales', [4210, 3972, 3810]),
    row('Cost of sales', [2610, 2478, 2390]),
    row('Operating income', [512, 470, 455]),
    row('Net income', [388, 352, 341]),
  ].join('\n');
}

/** A results headline: "Second Quarter Fiscal 2024", "Fourth Quarter and Full Year 2022". */
function resultsName(c: Company, fy: number, quarter: number): string {
  const year = fiscalWords(c) ? `Fiscal ${fy}` : String(fy);
  return quarter === 4 ? `Fourth Quarter and Full Year ${year}` : `${cap(ORDINAL[quarter - 1])} Quarter ${year}`;
}

/** When results are released: about four weeks after the quarter (or year) ends. */
function releaseDate(c: Company, fy: number, quarter: number): string {
  const end = new Date(`${periodEnd(c.calendar, fy, quarter === 4 ? undefined : quarter)} 12:00 UTC`);
  const d = new Date(end.getTime() + 27 * 86_400_000);
  return date(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

function releaseText(c: Company, fy: number, quarter: number, on: string): string {
  return [
    `${c.name} Reports ${resultsName(c, fy, quarter)} Results`,
    `${c.city.toUpperCase()}, ${on} — ${c.name} (${c.exchange}: ${c.ticker}) today reported results for the ${quarter === 4 ? 'fourth quarter and full year' : `${ORDINAL[quarter - 1]} quarter`}${fiscalWords(c) ? ` of fiscal ${fy}` : ` of ${fy}`}.`,
    'Net sales | $1,090 million | up 5%',
    'Diluted earnings per share | $1.12 | up 9%',
  ].join('\n');
}

function eightK(c: Company, fy: number, quarter: number): string[] {
  const on = releaseDate(c, fy, quarter);
  const cover = [
    coverHead(c, '8-K', 'CURRENT REPORT Pursuant to Section 13 or 15(d) of the Securities Exchange Act of 1934', `Date of Report (Date of earliest event reported): ${on}`),
    'Item 2.02 Results of Operations and Financial Condition.',
    `On ${on}, ${c.name} issued a press release announcing its results for the ${ORDINAL[quarter - 1]} quarter${fiscalWords(c) ? ` of fiscal ${fy}` : ` of ${fy}`}. A copy is furnished as Exhibit 99.1.`,
  ].join('\n');
  return [cover, `Exhibit 99.1\n${releaseText(c, fy, quarter, on)}`];
}

function proxy(c: Company, covered: number): string[] {
  const meetingYear = c.calendar === 'may' ? covered : covered + 1;
  const meeting = date(meetingYear, c.calendar === 'may' ? 9 : 5, 17);
  const cover = [
    'UNITED STATES',
    'SECURITIES AND EXCHANGE COMMISSION',
    'SCHEDULE 14A',
    'Proxy Statement Pursuant to Section 14(a) of the Securities Exchange Act of 1934',
    'Filed by the Registrant ☒',
    '☒ Definitive Proxy Statement',
    c.name.toUpperCase(),
    '(Name of Registrant as Specified In Its Charter)',
    `Notice of ${meetingYear} Annual Meeting of Shareholders`,
    `The ${meetingYear} Annual Meeting of Shareholders of ${c.name} will be held on ${meeting}, at 9:00 a.m.`,
  ].join('\n');
  const year = fiscalWords(c) ? `fiscal ${covered}` : String(covered);
  return [
    cover,
    `Compensation Discussion and Analysis\nIn ${year}, our Chief Executive Officer received total compensation of $9.4 million. ${year === String(covered) ? '' : `Fiscal ${covered} was a year of growth.`}`,
  ];
}

/** One filing of a company: its pages, as the PDF parser would give them. */
export function generateFiling(c: Company, form: Form, fy: number, quarter?: number): GeneratedFiling {
  let pages: string[];
  if (form === '10-K') {
    const cover = coverHead(
      c,
      '10-K',
      '☒ ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934',
      `For the fiscal year ended ${periodEnd(c.calendar, fy)}`,
    );
    pages = [cover, annualBody(c, fy), statementPage(c, fy)];
  } else if (form === '10-Q') {
    const cover = coverHead(
      c,
      '10-Q',
      '☒ QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934',
      `For the quarterly period ended ${periodEnd(c.calendar, fy, quarter)}`,
    );
    pages = [cover, quarterBody(c, fy, quarter!), statementPage(c, fy, quarter)];
  } else if (form === '8-K') pages = eightK(c, fy, quarter!);
  else if (form === 'earnings release') pages = [releaseText(c, fy, quarter!, releaseDate(c, fy, quarter!)), 'Outlook\nThe Company expects net sales growth of 3% to 4%.'];
  else pages = proxy(c, fy);
  const { text, pages: spans } = docOf(...pages);
  const slug = `${c.ticker}_${fy}${quarter ? `Q${quarter}` : ''}_${form.replace(/\s+/g, '-')}`;
  return { file: `${slug}.pdf`, company: c, form, fiscalYear: fy, ...(quarter ? { quarter } : {}), parsed: { title: '', text, pages: spans } };
}

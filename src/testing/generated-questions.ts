/**
 * A library of made-up filings (src/testing/generated-filings.ts) and questions about them, each
 * with the filing it is about and the others that hold the same figures (a results release
 * beside the quarterly report, a proxy statement beside the annual report of the year whose pay
 * it describes). The names and periods are asked the ways people write them.
 */
import { generateFiling, type Company, type Form, type GeneratedFiling } from './generated-filings';

const company = (name: string, ticker: string, exchange: Company['exchange'], short: string[], calendar: Company['calendar'], city: string): Company => ({
  name,
  ticker,
  exchange,
  short,
  calendar,
  city,
});

export const COMPANIES = {
  harbourline: company('Harbourline Freight Company', 'HRBL', 'NYSE', ['Harbourline'], 'december', 'Boston, Massachusetts'),
  kelpwater: company('Kelpwater Stores, Inc.', 'KWS', 'Nasdaq', ['Kelpwater'], 'retail-start', 'Columbus, Ohio'),
  northgate: company('Northgate Outfitters Corporation', 'NGO', 'NYSE', ['Northgate'], 'retail-end', 'Minneapolis, Minnesota'),
  ostrander: company('Ostrander Foods, Inc.', 'OSF', 'NYSE', ['Ostrander'], 'may', 'Omaha, Nebraska'),
  quarry: company('American Quarry Holdings, Inc.', 'AQH', 'NYSE', ['American Quarry'], 'december', 'Denver, Colorado'),
  tamsin: company('Tamsin & Royle Company', 'TRC', 'NYSE', ['T&R'], 'december', 'Hartford, Connecticut'),
  bellweather: company('Bellweather Resorts International', 'BWR', 'NYSE', ['Bellweather'], 'december', 'Las Vegas, Nevada'),
  pemberton: company('Pemberton Bancorp, Inc.', 'PMBC', 'Nasdaq', ['Pemberton'], 'december', 'Richmond, Virginia'),
  calloway: company('Calloway Instruments, Inc.', 'CLWY', 'Nasdaq', ['Calloway'], 'december', 'Austin, Texas'),
  denholm: company('Denholm Paper Mills Company', 'DPM', 'NYSE', ['Denholm'], 'may', 'Portland, Maine'),
  emberly: company('Emberly Software Corporation', 'EMBR', 'Nasdaq', ['Emberly'], 'december', 'Raleigh, North Carolina'),
  fairholt: company('Fairholt Brewing Company', 'FHB', 'NYSE', ['Fairholt'], 'retail-start', 'Milwaukee, Wisconsin'),
};

/** What each company has filed: form, fiscal year, quarter. */
const PLAN: Array<[Company, Array<[Form, number, number?]>]> = [
  [
    COMPANIES.harbourline,
    [
      ['10-K', 2021],
      ['10-K', 2022],
      ['10-Q', 2023, 2],
      ['8-K', 2023, 2],
      ['proxy statement', 2022],
    ],
  ],
  [
    COMPANIES.kelpwater,
    [
      ['10-K', 2022],
      ['10-K', 2023],
      ['10-Q', 2023, 2],
      ['earnings release', 2023, 2],
    ],
  ],
  [
    COMPANIES.northgate,
    [
      ['10-K', 2023],
      ['10-K', 2024],
      ['10-Q', 2024, 2],
      ['8-K', 2024, 2],
    ],
  ],
  [
    COMPANIES.ostrander,
    [
      ['10-K', 2022],
      ['10-K', 2023],
      ['10-Q', 2024, 2],
      ['proxy statement', 2023],
    ],
  ],
  [
    COMPANIES.quarry,
    [
      ['10-K', 2022],
      ['proxy statement', 2022],
    ],
  ],
  [
    COMPANIES.tamsin,
    [
      ['10-K', 2022],
      ['8-K', 2022, 4],
    ],
  ],
  [
    COMPANIES.bellweather,
    [
      ['10-K', 2020],
      ['10-K', 2022],
      ['10-Q', 2023, 2],
      ['earnings release', 2023, 2],
      ['earnings release', 2022, 4],
    ],
  ],
  [
    COMPANIES.pemberton,
    [
      ['10-Q', 2022, 2],
      ['10-Q', 2023, 1],
      ['10-Q', 2023, 2],
    ],
  ],
  // Three annual reports, a later quarter, and the results release beside the last annual report.
  [
    COMPANIES.calloway,
    [
      ['10-K', 2021],
      ['10-K', 2022],
      ['10-K', 2023],
      ['earnings release', 2023, 4],
      ['10-Q', 2024, 1],
    ],
  ],
  [
    COMPANIES.denholm,
    [
      ['10-K', 2022],
      ['10-K', 2023],
      ['8-K', 2023, 4],
      ['10-Q', 2024, 2],
    ],
  ],
  [
    COMPANIES.emberly,
    [
      ['10-K', 2022],
      ['10-K', 2023],
      ['earnings release', 2023, 4],
      ['earnings release', 2024, 1],
      ['10-Q', 2024, 1],
      ['proxy statement', 2023],
    ],
  ],
  [
    COMPANIES.fairholt,
    [
      ['10-K', 2022],
      ['10-K', 2023],
      ['10-Q', 2024, 3],
    ],
  ],
];

/** Every filing of the plan, under a file name that says nothing of what it is ("filing-07.pdf"). */
export function generatedLibrary(): GeneratedFiling[] {
  const filings = PLAN.flatMap(([c, filed]) => filed.map(([form, fy, q]) => generateFiling(c, form, fy, q)));
  return filings.map((f, i) => ({ ...f, file: `filing-${String(i + 1).padStart(2, '0')}.pdf` }));
}

export interface GeneratedQuestion {
  question: string;
  /** The filing asked about. */
  target: string;
  /** The filings a router may keep besides it. */
  accept: string[];
}

const ORDINAL = ['first', 'second', 'third', 'fourth'];
const isRelease = (f: GeneratedFiling) => f.form === '8-K' || f.form === 'earnings release';

/** The ways a question names the company: its name without legal words, a short name it defines, its ticker. */
function refs(c: Company): string[] {
  return [c.name.replace(/,? (?:Inc\.|Corporation|Company|Holdings, Inc\.)$/, ''), ...c.short, c.ticker];
}

/** Questions about each filing of the library, a few phrasings each. */
export function generatedQuestions(library: GeneratedFiling[]): GeneratedQuestion[] {
  const out: GeneratedQuestion[] = [];
  library.forEach((f, i) => {
    const names = refs(f.company);
    const ref = (k: number) => names[(i + k) % names.length];
    const same = library.filter((o) => o.company === f.company);
    const files = (pick: (o: GeneratedFiling) => boolean) => same.filter(pick).map((o) => o.file);
    const fy = f.fiscalYear;
    const ask = (question: string, accept: string[] = []) => out.push({ question, target: f.file, accept: [f.file, ...accept] });
    if (f.form === '10-K') {
      // Beside the annual report: releases of that year's results, and the proxy describing that year's pay.
      const alongside = files((o) => (isRelease(o) && o.fiscalYear === fy && o.quarter === 4) || (o.form === 'proxy statement' && o.fiscalYear === fy));
      ask(`What were ${ref(0)}'s net sales in FY${fy}?`, alongside);
      ask(`How much did ${ref(1)} spend on capital expenditures in fiscal ${fy}?`, alongside);
      ask(`Did ${ref(2)}'s gross margin improve in fiscal year ${fy}?`, alongside);
      ask(`According to its ${fy} 10-K, what were ${ref(0)}'s main risks?`);
    } else if (f.form === '10-Q') {
      const alongside = files((o) => isRelease(o) && o.fiscalYear === fy && o.quarter === f.quarter);
      ask(`What was ${ref(0)}'s operating income in Q${f.quarter} FY${fy}?`, alongside);
      ask(`How did ${ref(1)}'s net sales change in the ${ORDINAL[f.quarter! - 1]} quarter of fiscal ${fy}?`, alongside);
      ask(`In ${fy} Q${f.quarter}, what were ${ref(2)}'s net sales?`, alongside);
    } else if (isRelease(f)) {
      const alongside = files((o) => isRelease(o) && o.fiscalYear === fy && o.quarter === f.quarter);
      const which = f.quarter === 4 ? `full-year ${fy}` : `Q${f.quarter} ${fy}`;
      ask(`What diluted EPS did ${ref(0)} report in its ${which} earnings release?`, alongside);
      ask(`According to the press release on ${ref(1)}'s ${ORDINAL[f.quarter! - 1]} quarter ${fy} results, how did net sales grow?`, alongside);
    } else {
      const meeting = f.company.calendar === 'may' ? fy : fy + 1;
      ask(`What was the total compensation of ${ref(0)}'s CEO in ${fy}, according to its proxy statement?`);
      ask(`When is the annual meeting in ${ref(1)}'s ${meeting} proxy statement?`);
    }
  });
  return out;
}

/** The routing classes of issue 30 §5, each question with the one filing that answers it. */
export type RoutingClass = 'history' | 'fourth quarter' | 'full year' | 'year named';

export interface ClassQuestion {
  question: string;
  kind: RoutingClass;
  /** The one filing that answers it; a router should keep it alone. */
  target: string;
}

/**
 * Questions of the classes a library of several years of one company's filings gets wrong most:
 * several years of history (the latest annual report covers them; a later quarterly report does
 * not), the fourth quarter against the full year when both a results release and the annual
 * report give that year, and a year named among several annual reports.
 */
export function routingClassQuestions(library: GeneratedFiling[]): ClassQuestion[] {
  const out: ClassQuestion[] = [];
  const byCompany = new Map<Company, GeneratedFiling[]>();
  for (const f of library) byCompany.set(f.company, [...(byCompany.get(f.company) ?? []), f]);
  for (const [c, filed] of byCompany) {
    const names = refs(c);
    const ref = (k: number) => names[k % names.length];
    const annual = filed.filter((f) => f.form === '10-K').sort((a, b) => b.fiscalYear - a.fiscalYear);
    if (annual.length === 0) continue;
    const latest = annual[0];
    const y = latest.fiscalYear;
    const ask = (kind: RoutingClass, question: string, target: GeneratedFiling) => out.push({ question, kind, target: target.file });
    if (annual.length >= 2 && filed.some((f) => f.form === '10-Q' && f.fiscalYear > y)) {
      ask('history', `Historically, how have ${ref(0)}'s net sales grown?`, latest);
      ask('history', `Over the last three years, what was ${ref(1)}'s average operating margin?`, latest);
      ask('history', `How has ${ref(2)}'s gross margin trended over the past three fiscal years?`, latest);
      ask('history', `From FY${y - 2} to FY${y}, how did ${ref(0)}'s capital expenditures change?`, latest);
    }
    const fourth = filed.find((f) => (f.form === 'earnings release' || f.form === '8-K') && f.fiscalYear === y && f.quarter === 4);
    if (fourth) {
      ask('fourth quarter', `What were ${ref(0)}'s net sales in the fourth quarter of ${y}?`, fourth);
      ask('fourth quarter', `What was ${ref(1)}'s Q4 ${y} diluted EPS?`, fourth);
      ask('full year', `What were ${ref(2)}'s full-year ${y} net sales?`, latest);
      ask('full year', `What was ${ref(0)}'s total revenue for fiscal year ${y}?`, latest);
    }
    for (const f of annual.slice(1)) {
      ask('year named', `In fiscal ${f.fiscalYear}, how much did ${ref(1)} spend on research and development?`, f);
      ask('year named', `What were ${ref(2)}'s capital expenditures in ${f.fiscalYear}?`, f);
    }
  }
  return out;
}

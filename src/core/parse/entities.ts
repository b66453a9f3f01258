/** HTML character references: the common named ones plus every numeric form. */
import { WINDOWS_1252_HIGH } from './windows-1252';

const LATIN1_NAMES =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 ' +
  'acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml ' +
  'Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde ' +
  'Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ' +
  'ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide ' +
  'oslash ugrave uacute ucirc uuml yacute thorn yuml';

const OTHER_NAMES: Record<string, number> = {
  amp: 38,
  lt: 60,
  gt: 62,
  quot: 34,
  apos: 39,
  OElig: 338,
  oelig: 339,
  Scaron: 352,
  scaron: 353,
  Yuml: 376,
  fnof: 402,
  circ: 710,
  tilde: 732,
  Delta: 916,
  Sigma: 931,
  Omega: 937,
  alpha: 945,
  beta: 946,
  gamma: 947,
  delta: 948,
  mu: 956,
  pi: 960,
  sigma: 963,
  omega: 969,
  ensp: 8194,
  emsp: 8195,
  thinsp: 8201,
  zwnj: 8204,
  zwj: 8205,
  lrm: 8206,
  rlm: 8207,
  ndash: 8211,
  mdash: 8212,
  lsquo: 8216,
  rsquo: 8217,
  sbquo: 8218,
  ldquo: 8220,
  rdquo: 8221,
  bdquo: 8222,
  dagger: 8224,
  Dagger: 8225,
  bull: 8226,
  hellip: 8230,
  permil: 8240,
  prime: 8242,
  Prime: 8243,
  lsaquo: 8249,
  rsaquo: 8250,
  euro: 8364,
  trade: 8482,
  larr: 8592,
  uarr: 8593,
  rarr: 8594,
  darr: 8595,
  harr: 8596,
  minus: 8722,
  infin: 8734,
  asymp: 8776,
  ne: 8800,
  le: 8804,
  ge: 8805,
  check: 10003,
};

const NAMED = new Map<string, string>();
LATIN1_NAMES.split(' ').forEach((name, i) => NAMED.set(name, String.fromCharCode(160 + i)));
for (const [name, code] of Object.entries(OTHER_NAMES)) NAMED.set(name, String.fromCodePoint(code));

/** Names that browsers also accept without the closing ";" (legacy markup relies on it). */
const LEGACY_NO_SEMICOLON = new Set(['amp', 'lt', 'gt', 'quot', 'nbsp', 'copy', 'reg']);

const REFERENCE = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));?/g;

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (match: string, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) {
      const char = NAMED.get(name);
      if (char === undefined) return match;
      return match.endsWith(';') || LEGACY_NO_SEMICOLON.has(name) ? char : match;
    }
    return fromCodePoint(dec !== undefined ? parseInt(dec, 10) : parseInt(hex!, 16));
  });
}

function fromCodePoint(code: number): string {
  // numeric references 128–159 mean windows-1252 characters, as browsers read them
  const windows = WINDOWS_1252_HIGH[code];
  if (windows !== undefined) return String.fromCodePoint(windows);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

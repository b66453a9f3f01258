import { splitByRanges } from '../../core/search';

/** Document text with marked matches; rendered as text nodes only, never as HTML. */
export function Highlighted({ text, ranges }: { text: string; ranges: Array<[number, number]> }) {
  return <>{splitByRanges(text, ranges).map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}

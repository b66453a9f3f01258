/** Reading a workbook's XML parts as a stream of elements, with saxen (small, no dependencies). */
import { Parser } from 'saxen';

export interface XmlHandlers {
  /** An element opens; `attrs` are entity-decoded and without namespace prefixes. */
  open?(name: string, attrs: Record<string, string>): void;
  close?(name: string): void;
  /** Text (and CDATA), entity-decoded. */
  text?(text: string): void;
}

/** Element names without their namespace prefix ("x:c" → "c"). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Parses `xml`, calling the handlers; a malformed part throws. */
export function readXml(xml: string, handlers: XmlHandlers): void {
  const parser = new Parser();
  let failure: Error | undefined;
  parser.on('error', (e) => (failure ??= e));
  parser.on('openTag', (name, attrs, decode) => {
    if (!handlers.open) return;
    const decoded: Record<string, string> = {};
    for (const [key, value] of Object.entries(attrs())) decoded[local(key)] = decode(value);
    handlers.open(local(name), decoded);
  });
  // Called for a self-closing element too ("<c r="A1"/>"), right after its open.
  parser.on('closeTag', (name) => handlers.close?.(local(name)));
  parser.on('text', (text, decode) => handlers.text?.(decode(text)));
  parser.on('cdata', (text) => handlers.text?.(text));
  parser.parse(xml);
  if (failure) throw failure;
}

/** The part of saxen's API (it ships no types) that the workbook reader uses. */
declare module 'saxen' {
  type Decode = (text: string) => string;
  export class Parser {
    on(event: 'openTag', cb: (name: string, attrs: () => Record<string, string>, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'closeTag', cb: (name: string, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'text', cb: (text: string, decode: Decode) => void): this;
    on(event: 'cdata', cb: (text: string) => void): this;
    on(event: 'error', cb: (error: Error) => void): this;
    parse(xml: string): void;
  }
}

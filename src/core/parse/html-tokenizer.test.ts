import { describe, expect, it } from 'vitest';
import { tokenizeHtml } from './html-tokenizer';

function tokens(html: string): string[] {
  const out: string[] = [];
  tokenizeHtml(html, {
    text: (t) => out.push(`"${t}"`),
    open: (name, selfClosing) => out.push(selfClosing ? `<${name}/>` : `<${name}>`),
    close: (name) => out.push(`</${name}>`),
  });
  return out;
}

describe('tokenizeHtml', () => {
  it('emits text, start and end tags with lower-cased names', () => {
    expect(tokens('a<P CLASS="x">b</P><br/>')).toEqual(['"a"', '<p>', '"b"', '</p>', '<br/>']);
  });

  it('skips comments, doctypes, processing instructions and CDATA', () => {
    expect(tokens('<!DOCTYPE html><?xml version="1.0"?>a<!-- <p>no</p> -->b<![CDATA[c]]>')).toEqual(['"a"', '"b"']);
  });

  it('does not end a tag at a ">" inside a quoted attribute value', () => {
    expect(tokens('<a title="1 > 0" href=\'x>y\'>link</a>')).toEqual(['<a>', '"link"', '</a>']);
  });

  it('treats an apostrophe in an unquoted value as an ordinary character', () => {
    expect(tokens("<img alt=don't>text")).toEqual(['<img>', '"text"']);
  });

  it('passes script and style content through as one raw text token, markup included', () => {
    expect(tokens('<script>if (a < b) x = "</p>";</SCRIPT >after')).toEqual(['<script>', '"if (a < b) x = "</p>";"', '</script>', '"after"']);
  });

  it('keeps a "<" that starts no tag as text', () => {
    expect(tokens('1 < 2 and 3<4')).toEqual(['"1 "', '"<"', '" 2 and 3"', '"<"', '"4"']);
  });

  it('survives truncated markup', () => {
    expect(tokens('a<p class="x')).toEqual(['"a"', '<p>']);
    expect(tokens('a<!-- never closed')).toEqual(['"a"']);
    expect(tokens('<style>p{}')).toEqual(['<style>', '"p{}"']);
  });
});

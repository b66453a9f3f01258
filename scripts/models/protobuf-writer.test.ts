import { describe, expect, it } from 'vitest';
import { ProtoWriter } from './protobuf-writer';

const hex = (w: ProtoWriter) => Buffer.from(w.finish()).toString('hex');

describe('ProtoWriter', () => {
  it('writes varints with their field tag', () => {
    expect(hex(new ProtoWriter().varint(1, 150))).toBe('089601');
    expect(hex(new ProtoWriter().varint(2, 0))).toBe('1000');
  });

  it('writes negative int64 as ten bytes of two’s complement', () => {
    expect(hex(new ProtoWriter().varint(1, -1))).toBe(`08${'ff'.repeat(9)}01`);
  });

  it('writes floats as little-endian fixed32', () => {
    expect(hex(new ProtoWriter().float(2, 1))).toBe('150000803f');
  });

  it('writes strings and nested messages length-prefixed', () => {
    expect(hex(new ProtoWriter().string(2, 'testing'))).toBe('120774657374696e67');
    expect(hex(new ProtoWriter().message(3, new ProtoWriter().varint(1, 150)))).toBe('1a03089601');
  });
});

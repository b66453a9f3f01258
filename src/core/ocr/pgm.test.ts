import { describe, expect, it } from 'vitest';
import { encodePgm, renderScale } from './pgm';

describe('encodePgm', () => {
  it('writes a P5 header and one grey byte per pixel, transparent pixels white', () => {
    const rgba = [0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 255, 0, 0, 0, 0];
    const image = encodePgm(2, 2, rgba);
    const header = 'P5\n2 2\n255\n';
    expect(new TextDecoder().decode(image.bytes.subarray(0, header.length))).toBe(header);
    expect([...image.bytes.subarray(header.length)]).toEqual([0, 255, 76, 255]);
    expect(image).toMatchObject({ width: 2, height: 2 });
  });

  it('refuses sizes the pixels do not fill', () => {
    expect(() => encodePgm(0, 1, [])).toThrow(/bad image size/);
    expect(() => encodePgm(2, 2, [0, 0, 0, 255])).toThrow(/bad image size/);
  });
});

describe('renderScale', () => {
  it('renders at 200 dpi, shrinking pages whose long side would pass the limit', () => {
    expect(renderScale(612, 792)).toBeCloseTo(200 / 72);
    expect(renderScale(2000, 1000)).toBeCloseTo(2600 / 2000);
    expect(renderScale(612, 792, 792)).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { cellOnRow, type PageTextItem } from './index';

const item = (str: string, x: number, y: number): PageTextItem => ({ str, x, y, width: str.length * 5, height: 10 });
const ROW = [{ x: 50, y: 100, width: 400, height: 10 }];
const PAGE = [
  item('Total current assets', 50, 100),
  item('4,812', 300, 100),
  item('4,390', 400, 100),
  item('Total current liabilities', 50, 140),
  item('3,105', 300, 140),
  item('4,390', 400, 140),
];

describe('cellOnRow', () => {
  it('boxes the cell in its value column on the row’s line, not the same figure elsewhere', () => {
    expect(cellOnRow(ROW, PAGE, '4,390', 1)).toEqual({ x: 400, y: 100, width: 25, height: 10 });
    expect(cellOnRow(ROW, PAGE, '4,812', 0)).toMatchObject({ x: 300 });
  });

  it('finds the printed cell on the line when the column count differs, and nothing when the line does not print it', () => {
    expect(cellOnRow(ROW, [item('$', 280, 100), ...PAGE], '4,812', 0)).toMatchObject({ x: 300 });
    expect(cellOnRow(ROW, PAGE, '3,105', 0)).toBeUndefined();
    expect(cellOnRow([], PAGE, '4,812', 0)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { pageWindow } from './pageWindow';

describe('pageWindow (5 page buttons centred on the current page)', () => {
  it('centres, and sticks to the first and last pages', () => {
    expect(pageWindow(0, 20)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(7, 20)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(19, 20)).toEqual([15, 16, 17, 18, 19]);
    expect(pageWindow(1, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 0)).toEqual([]);
  });
});

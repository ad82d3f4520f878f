import { describe, expect, it } from 'vitest';
import { importCircles } from '../../scripts/checkImportCircles';

describe('importCircles', () => {
  it('finds a circle of three files and a file importing itself, not a diamond', () => {
    const graph = new Map<string, string[]>([
      ['store.ts', ['slice.ts', 'saga.ts']],
      ['slice.ts', ['types.ts']],
      ['saga.ts', ['api.ts']],
      ['api.ts', ['store.ts']],
      ['types.ts', []],
      ['self.ts', ['self.ts']],
      ['diamondTop.ts', ['left.ts', 'right.ts']],
      ['left.ts', ['bottom.ts']],
      ['right.ts', ['bottom.ts']],
      ['bottom.ts', []],
    ]);
    expect(importCircles(graph)).toEqual([['api.ts', 'saga.ts', 'store.ts'], ['self.ts']]);
  });

  it('finds nothing in a tree', () => {
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});

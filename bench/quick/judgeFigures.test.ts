import { describe, expect, it } from 'vitest';
import { judgeFigures } from './judgeFigures';

const baseline = { margin: 3, figures: { speedUp: 6, cost: 2 } };

describe('judgeFigures', () => {
  it('passes a speed-up down to baseline / margin and fails below it', () => {
    const [kept, regressed] = judgeFigures(
      [
        { id: 'speedUp', label: 'a', value: 2, better: 'higher' },
        { id: 'speedUp', label: 'b', value: 1.9, better: 'higher' },
      ],
      baseline,
    );
    expect(kept).toMatchObject({ passed: true, limit: 2, baseline: 6 });
    expect(regressed).toMatchObject({ passed: false, limit: 2 });
  });

  it('passes a cost up to baseline × margin and fails above it', () => {
    const [kept, regressed] = judgeFigures(
      [
        { id: 'cost', label: 'a', value: 6, better: 'lower' },
        { id: 'cost', label: 'b', value: 6.1, better: 'lower' },
      ],
      baseline,
    );
    expect(kept?.passed).toBe(true);
    expect(regressed?.passed).toBe(false);
  });

  it('reports a figure without baseline without failing, unless it could not be measured', () => {
    const [unknown, broken] = judgeFigures(
      [
        { id: 'new', label: 'a', value: 4, better: 'lower' },
        { id: 'cost', label: 'b', value: Number.NaN, better: 'lower' },
      ],
      baseline,
    );
    expect(unknown).toMatchObject({ passed: true, baseline: undefined });
    expect(broken?.passed).toBe(false);
  });
});

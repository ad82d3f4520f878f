import { describe, expect, it } from 'vitest';
import { layoutPanelStack } from './panelStackLayout';

const left = (viewport: number, placement: { right: number; width: number } | undefined) =>
  placement ? viewport - placement.right - placement.width : Number.NaN;

describe('layoutPanelStack', () => {
  it('puts a single panel against the right edge', () => {
    expect(layoutPanelStack([{ id: 'a', width: 600 }], 1440)).toEqual({
      placements: [{ id: 'a', width: 600, right: 0, stacked: false, zIndex: 1 }],
      occupiedWidth: 600,
    });
  });

  it('shows two 600 px panels side by side and stacks the third 24 px behind on a 1440 px screen', () => {
    const { placements, occupiedWidth } = layoutPanelStack(
      [
        { id: 'first', width: 600 },
        { id: 'second', width: 600 },
        { id: 'third', width: 600 },
      ],
      1440,
    );
    const [first, second, third] = placements;
    expect(third).toMatchObject({ right: 0, stacked: false, zIndex: 3 });
    expect(second).toMatchObject({ right: 600, stacked: false });
    expect(first).toMatchObject({ stacked: true, zIndex: 1 });
    expect(left(1440, first)).toBe(left(1440, second) - 24);
    expect(occupiedWidth).toBe(1224);
  });

  it('stacks every other panel as a 24 px strip when the front one is expanded', () => {
    const { placements } = layoutPanelStack(
      [
        { id: 'a', width: 600 },
        { id: 'b', width: 600 },
        { id: 'c', width: 1000 },
      ],
      1440,
    );
    const [a, b, c] = placements;
    expect(left(1440, c)).toBe(440);
    expect(b).toMatchObject({ stacked: true });
    expect(left(1440, b)).toBe(416);
    expect(left(1440, a)).toBe(392);
  });

  it('lays four panels side by side on a wide screen and keeps the map strip', () => {
    const { placements } = layoutPanelStack(
      ['a', 'b', 'c', 'd'].map((id) => ({ id, width: 600 })),
      2560,
    );
    expect(placements.map((placement) => [placement.right, placement.stacked])).toEqual([
      [1800, false],
      [1200, false],
      [600, false],
      [0, false],
    ]);
  });

  it('narrows the front panel on a small screen', () => {
    expect(layoutPanelStack([{ id: 'a', width: 600 }], 500).placements[0]?.width).toBe(444);
    expect(layoutPanelStack([], 1440)).toEqual({ placements: [], occupiedWidth: 0 });
  });
});

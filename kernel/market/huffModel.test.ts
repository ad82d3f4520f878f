import { describe, expect, it } from 'vitest';
import { huffModel, huffProbabilities, type HuffArea, type HuffOutlet } from './huffModel';
import { outletAttractiveness } from './outletAttractiveness';

const candidate: HuffOutlet = { id: 'candidat', attractiveness: 1, own: false };
const competitor: HuffOutlet = { id: 'concurrent', attractiveness: 2, own: false };
const outlets: HuffOutlet[] = [candidate, competitor];

/** Three IRIS: two reach both outlets, the third only the candidate. */
function areas(candidateSeconds: [number, number, number] = [120, 300, 600]): HuffArea[] {
  return [
    {
      code: 'A',
      population: 1_000,
      households: 500,
      income: 20_000_000,
      seconds: new Map([
        [0, candidateSeconds[0]],
        [1, 240],
      ]),
    },
    {
      code: 'B',
      population: 600,
      households: 300,
      income: 12_000_000,
      seconds: new Map([
        [0, candidateSeconds[1]],
        [1, 150],
      ]),
    },
    { code: 'C', population: 300, households: 100, income: null, seconds: new Map([[0, candidateSeconds[2]]]) },
  ];
}

describe('huffModel', () => {
  it('gives the closed-form probabilities of two outlets over three IRIS', () => {
    // A: (1/120²) / (1/120² + 2/240²) = 2/3 ; B: (1/300²) / (1/300² + 2/150²) = 1/9 ; C: only the candidate.
    const result = huffModel(outlets, 0, areas(), 2);
    const shares = Object.fromEntries(result.areas.map((area) => [area.code, area.share]));
    expect(shares.A).toBeCloseTo(2 / 3, 12);
    expect(shares.B).toBeCloseTo(1 / 9, 12);
    expect(shares.C).toBe(1);
    expect(result.captured_residents).toBeCloseTo(1_000 * (2 / 3) + 600 / 9 + 300, 9);
    expect(result.captured_households).toBeCloseTo(500 * (2 / 3) + 300 / 9 + 100, 9);
    expect(result.captured_income).toBeCloseTo(20_000_000 * (2 / 3) + 12_000_000 / 9, 3);
    const [competitor] = result.competitors;
    expect(competitor?.residents_before).toBeCloseTo(1_600, 9);
    expect(competitor?.residents_after).toBeCloseTo(1_000 / 3 + (600 * 8) / 9, 9);
    expect(competitor?.residents_taken).toBeCloseTo(1_600 - 1_000 / 3 - (600 * 8) / 9, 9);
    // Every resident of the study area goes somewhere: the two outlets share them all.
    expect(result.captured_residents + (competitor?.residents_after ?? 0)).toBeCloseTo(1_900, 9);
    expect(result.area_population).toBe(1_900);
  });

  it('uses λ: with λ = 1 the first IRIS splits 1/120 against 2/240, half each', () => {
    const result = huffModel(outlets, 0, areas(), 1);
    expect(result.areas.find((area) => area.code === 'A')?.share).toBeCloseTo(0.5, 12);
  });

  it('captures more with a closer candidate', () => {
    const far = huffModel(outlets, 0, areas([200, 400, 600]));
    const near = huffModel(outlets, 0, areas([100, 200, 600]));
    expect(near.captured_residents).toBeGreaterThan(far.captured_residents);
  });

  it('captures more with a bigger candidate', () => {
    const small = huffModel(outlets, 0, areas());
    const big = huffModel([{ ...candidate, attractiveness: 3 }, competitor], 0, areas());
    expect(big.captured_residents).toBeGreaterThan(small.captured_residents);
  });

  it('counts what is taken from the user’s own outlets as cannibalisation', () => {
    const own = huffModel([candidate, { ...competitor, own: true }], 0, areas());
    expect(own.cannibalised_residents).toBeCloseTo(own.competitors[0]?.residents_taken ?? -1, 9);
    expect(huffModel(outlets, 0, areas()).cannibalised_residents).toBe(0);
  });

  it('leaves out the IRIS the candidate does not reach', () => {
    const unreached: HuffArea = { code: 'D', population: 5_000, households: 1, income: 1, seconds: new Map([[1, 60]]) };
    const result = huffModel(outlets, 0, [...areas(), unreached]);
    expect(result.areas.map((area) => area.code)).toEqual(['A', 'B', 'C']);
    expect(result.area_population).toBe(1_900);
  });

  it('refuses a λ that is not strictly positive', () => {
    expect(() => huffProbabilities(outlets, new Map([[0, 60]]), 0)).toThrow(RangeError);
  });

  it('floors the time at one minute so that an outlet next door keeps a finite pull', () => {
    const probabilities = huffProbabilities(
      outlets,
      new Map([
        [0, 0],
        [1, 60],
      ]),
      2,
    );
    expect(probabilities.get(0)).toBeCloseTo(1 / 3, 12);
  });
});

describe('outletAttractiveness', () => {
  it('is the middle of the headcount band, 1 when unknown', () => {
    expect(outletAttractiveness('03')).toBe(7.5);
    expect(outletAttractiveness('NN')).toBe(1);
    expect(outletAttractiveness(null)).toBe(1);
  });
});

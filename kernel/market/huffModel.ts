/**
 * The Huff model of retail gravitation: the residents of an area split their patronage between the
 * outlets they can reach with probability P(j) = A(j) / t(j)^λ ÷ Σ_k A(k) / t(k)^λ, where A is the
 * outlet's attractiveness and t the travel time from the area to the outlet.
 */

/** Travel times shorter than this (seconds) count as this: an outlet next door is not infinitely attractive. */
export const MINIMUM_HUFF_SECONDS = 60;
/** The distance-decay exponent λ by default, and the values of the sensitivity line. */
export const DEFAULT_HUFF_LAMBDA = 2;
export const SENSITIVITY_LAMBDAS = [1.5, 2, 2.5] as const;

/** One outlet of the model: the candidate site or an existing competitor. */
export interface HuffOutlet {
  id: string;
  attractiveness: number;
  /** Marked by the user as one of their own outlets (what the candidate takes from them is cannibalisation). */
  own: boolean;
}

/** One area (an IRIS): its residents, households and income, and the travel time to each outlet it reaches. */
export interface HuffArea {
  code: string;
  population: number;
  households: number;
  /** Disposable income of the area's residents (€ per year), or null when unknown. */
  income: number | null;
  /** Seconds from the area to the outlets it reaches, by outlet index; outlets it does not reach are absent. */
  seconds: ReadonlyMap<number, number>;
}

/** What the candidate captures in one area. */
export interface HuffAreaShare {
  code: string;
  /** Probability that a resident of the area patronises the candidate (its market share there), 0–1. */
  share: number;
  residents: number;
  households: number;
  income: number | null;
}

/** One competitor's residents without and with the candidate. */
export interface HuffOutletResult {
  index: number;
  id: string;
  own: boolean;
  residents_before: number;
  residents_after: number;
  /** residents_before − residents_after: what the candidate takes from it. */
  residents_taken: number;
}

export interface HuffResult {
  lambda: number;
  captured_residents: number;
  captured_households: number;
  captured_income: number;
  /** Residents of the areas reached by the candidate (the study area). */
  area_population: number;
  areas: HuffAreaShare[];
  competitors: HuffOutletResult[];
  /** Residents taken from the outlets marked as the user's own. */
  cannibalised_residents: number;
}

/** The probabilities of one area over the outlets it reaches (index → probability), optionally without one outlet. */
export function huffProbabilities(
  outlets: readonly HuffOutlet[],
  seconds: ReadonlyMap<number, number>,
  lambda: number,
  excluded?: number,
): Map<number, number> {
  if (!(lambda > 0)) throw new RangeError('λ doit être strictement positif');
  const utilities = new Map<number, number>();
  let total = 0;
  for (const [index, time] of seconds) {
    if (index === excluded) continue;
    const outlet = outlets[index];
    if (!outlet || !(outlet.attractiveness > 0)) continue;
    const utility = outlet.attractiveness / Math.max(time, MINIMUM_HUFF_SECONDS) ** lambda;
    utilities.set(index, utility);
    total += utility;
  }
  const probabilities = new Map<number, number>();
  if (total > 0) for (const [index, utility] of utilities) probabilities.set(index, utility / total);
  return probabilities;
}

/**
 * The candidate's expected customers: for each area it reaches, its probability times the area's
 * residents, households and income; each competitor's residents without the candidate and with it.
 * Areas the candidate does not reach are left out (it captures nothing there and takes nothing).
 */
export function huffModel(
  outlets: readonly HuffOutlet[],
  candidateIndex: number,
  areas: readonly HuffArea[],
  lambda: number = DEFAULT_HUFF_LAMBDA,
): HuffResult {
  const before = new Float64Array(outlets.length);
  const after = new Float64Array(outlets.length);
  const shares: HuffAreaShare[] = [];
  let areaPopulation = 0;
  let residents = 0;
  let households = 0;
  let income = 0;
  for (const area of areas) {
    if (!area.seconds.has(candidateIndex)) continue;
    areaPopulation += area.population;
    const withCandidate = huffProbabilities(outlets, area.seconds, lambda);
    const withoutCandidate = huffProbabilities(outlets, area.seconds, lambda, candidateIndex);
    for (const [index, probability] of withCandidate)
      after[index] = (after[index] as number) + probability * area.population;
    for (const [index, probability] of withoutCandidate)
      before[index] = (before[index] as number) + probability * area.population;
    const share = withCandidate.get(candidateIndex) ?? 0;
    const areaIncome = area.income === null ? null : share * area.income;
    shares.push({
      code: area.code,
      share,
      residents: share * area.population,
      households: share * area.households,
      income: areaIncome,
    });
    residents += share * area.population;
    households += share * area.households;
    income += areaIncome ?? 0;
  }
  const competitors: HuffOutletResult[] = [];
  let cannibalised = 0;
  outlets.forEach((outlet, index) => {
    if (index === candidateIndex) return;
    const residentsBefore = before[index] as number;
    const residentsAfter = after[index] as number;
    if (residentsBefore === 0 && residentsAfter === 0) return;
    const taken = residentsBefore - residentsAfter;
    if (outlet.own) cannibalised += taken;
    competitors.push({
      index,
      id: outlet.id,
      own: outlet.own,
      residents_before: residentsBefore,
      residents_after: residentsAfter,
      residents_taken: taken,
    });
  });
  competitors.sort((a, b) => b.residents_taken - a.residents_taken || (a.id < b.id ? -1 : 1));
  return {
    lambda,
    captured_residents: residents,
    captured_households: households,
    captured_income: income,
    area_population: areaPopulation,
    areas: shares,
    competitors,
    cannibalised_residents: cannibalised,
  };
}

import { quantile } from '../support/statistics';

/** A fixed CPU workload (sorting 50,000 pseudo-random numbers): the unit calibrated figures are counted in. */
function referenceWork(): number {
  let seed = 12345;
  const values = new Float64Array(50_000);
  for (let index = 0; index < values.length; index += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    values[index] = seed;
  }
  values.sort();
  return values[0] ?? 0;
}

/**
 * Times `work` `samples` times with the reference workload timed just before each sample, and gives the
 * median of work / reference: the cost of the work in reference units, which the machine's load affects
 * far less than milliseconds.
 */
export async function calibratedCost(
  samples: number,
  work: (index: number) => Promise<unknown>,
): Promise<{
  cost: number;
  medianMs: number;
}> {
  referenceWork();
  await work(0);
  const ratios: number[] = [];
  const times: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const referenceStartedAt = performance.now();
    referenceWork();
    const reference = performance.now() - referenceStartedAt;
    const startedAt = performance.now();
    await work(index);
    const elapsed = performance.now() - startedAt;
    ratios.push(elapsed / reference);
    times.push(elapsed);
  }
  return { cost: quantile(ratios, 0.5), medianMs: quantile(times, 0.5) };
}

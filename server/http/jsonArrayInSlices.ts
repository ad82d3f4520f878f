import type { RequestDeadline } from './requestDeadline';

/** Items written per slice: a few milliseconds of work between two turns of the event loop. */
const SLICE_SIZE = 2000;

/**
 * The JSON text of `items.map(toJson)`, written slice by slice with a turn of the event loop between
 * slices: a list of a hundred thousand rows neither blocks the server for seconds nor outlives its
 * request's deadline.
 */
export async function jsonArrayInSlices<T>(
  items: readonly T[],
  toJson: (item: T) => unknown,
  deadline: RequestDeadline,
): Promise<string> {
  const pieces: string[] = [];
  for (let start = 0; start < items.length; start += SLICE_SIZE) {
    if (start > 0) await deadline.checkpoint();
    pieces.push(JSON.stringify(items.slice(start, start + SLICE_SIZE).map(toJson)).slice(1, -1));
  }
  return `[${pieces.join(',')}]`;
}

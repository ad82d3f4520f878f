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
  { sliceSize = SLICE_SIZE }: { sliceSize?: number } = {},
): Promise<string> {
  const pieces: string[] = [];
  for (let start = 0; start < items.length; start += sliceSize) {
    if (start > 0) await deadline.checkpoint();
    pieces.push(JSON.stringify(items.slice(start, start + sliceSize).map(toJson)).slice(1, -1));
  }
  return `[${pieces.join(',')}]`;
}

/** `items.map(map)`, a slice at a time with a turn of the event loop between slices, as {@link jsonArrayInSlices}. */
export async function mapInSlices<T, U>(
  items: readonly T[],
  map: (item: T) => U,
  deadline: RequestDeadline,
  { sliceSize = SLICE_SIZE }: { sliceSize?: number } = {},
): Promise<U[]> {
  const mapped: U[] = [];
  for (let start = 0; start < items.length; start += sliceSize) {
    if (start > 0) await deadline.checkpoint();
    for (let index = start; index < Math.min(items.length, start + sliceSize); index += 1) {
      mapped.push(map(items[index] as T));
    }
  }
  return mapped;
}

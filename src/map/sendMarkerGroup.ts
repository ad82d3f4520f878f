import type { Remote } from 'comlink';
import type { ClusteredMarkersApi, MarkerItem } from '../../workers/markers/clusteredMarkers';

/** Items per message: cloning this many small objects takes a few milliseconds of the main thread. */
export const MARKER_CHUNK = 2_000;

let loads = 0;

const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Sends a group's items to a clustered-markers worker in chunks, yielding to the browser between
 * two chunks (a structured clone of 100,000 objects in one message would hold the main thread for
 * hundreds of milliseconds), then has the worker build the group's index. Answers null when a newer
 * load of the same group replaced this one.
 */
export async function sendMarkerGroup<Item extends MarkerItem>(
  worker: Remote<ClusteredMarkersApi<Item>>,
  group: string,
  color: string,
  items: readonly Item[],
): Promise<{ drawn: number; bounds: [[number, number], [number, number]] | null } | null> {
  loads += 1;
  const load = loads;
  for (let start = 0; start < items.length || start === 0; start += MARKER_CHUNK) {
    if (start > 0) await nextFrame();
    await worker.appendItems(group, load, items.slice(start, start + MARKER_CHUNK));
  }
  return worker.commit(group, load, color);
}

/**
 * Runs chart jobs one per frame, each in its own task after the frame is painted, so that the charts
 * of a tab are never created in one long main-thread task (a trace of the panel showed three ECharts
 * instances created and drawn in the same commit: one task of 320 ms on a loaded machine).
 */
const queue: (() => void)[] = [];
let scheduled = false;

function runNext(): void {
  scheduled = false;
  const job = queue.shift();
  job?.();
  if (queue.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // After the next paint: the tab's text shows first, then one chart per frame.
  requestAnimationFrame(() => setTimeout(runNext, 0));
}

/** Queues a job; the returned function removes it if it has not run yet. */
export function scheduleChartTask(job: () => void): () => void {
  queue.push(job);
  schedule();
  return () => {
    const index = queue.indexOf(job);
    if (index >= 0) queue.splice(index, 1);
  };
}

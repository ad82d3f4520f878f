import type { ModeGraph } from './RoadGraph';
import type { ReachMetric } from './travelModes';

/** A min-heap of (node, cost) pairs in typed arrays; stale entries are skipped by the caller. */
class CostHeap {
  private nodes = new Int32Array(1024);
  private costs = new Float64Array(1024);
  size = 0;

  push(node: number, cost: number): void {
    if (this.size === this.nodes.length) {
      const nodes = new Int32Array(this.size * 2);
      nodes.set(this.nodes);
      this.nodes = nodes;
      const costs = new Float64Array(this.size * 2);
      costs.set(this.costs);
      this.costs = costs;
    }
    let index = this.size;
    this.size += 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if ((this.costs[parent] as number) <= cost) break;
      this.nodes[index] = this.nodes[parent] as number;
      this.costs[index] = this.costs[parent] as number;
      index = parent;
    }
    this.nodes[index] = node;
    this.costs[index] = cost;
  }

  /** Removes the cheapest entry; read it first with {@link topNode}/{@link topCost}. */
  pop(): void {
    this.size -= 1;
    const node = this.nodes[this.size] as number;
    const cost = this.costs[this.size] as number;
    let index = 0;
    for (;;) {
      let child = index * 2 + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && (this.costs[child + 1] as number) < (this.costs[child] as number)) child += 1;
      if ((this.costs[child] as number) >= cost) break;
      this.nodes[index] = this.nodes[child] as number;
      this.costs[index] = this.costs[child] as number;
      index = child;
    }
    this.nodes[index] = node;
    this.costs[index] = cost;
  }

  get topNode(): number {
    return this.nodes[0] as number;
  }

  get topCost(): number {
    return this.costs[0] as number;
  }
}

/** Cost of every node reached within the limit (Infinity elsewhere) and the settled nodes in order. */
export interface DijkstraResult {
  costs: Float64Array;
  settled: Int32Array;
}

/**
 * Shortest travel costs (seconds or metres) from the start nodes (with their initial costs) over one
 * mode's arcs, settling only nodes within `limit`.
 */
export function boundedDijkstra(
  graph: ModeGraph,
  nodeCount: number,
  starts: readonly { node: number; cost: number }[],
  metric: ReachMetric,
  limit: number,
): DijkstraResult {
  const costs = new Float64Array(nodeCount).fill(Infinity);
  const done = new Uint8Array(nodeCount);
  const settled: number[] = [];
  const heap = new CostHeap();
  const weights = metric === 'time' ? graph.arcSeconds : graph.arcMetres;
  for (const start of starts) {
    if (start.cost < (costs[start.node] as number)) {
      costs[start.node] = start.cost;
      heap.push(start.node, start.cost);
    }
  }
  while (heap.size > 0) {
    const node = heap.topNode;
    const cost = heap.topCost;
    heap.pop();
    if (done[node] || cost > limit) continue;
    done[node] = 1;
    settled.push(node);
    const end = graph.offsets[node + 1] as number;
    for (let arc = graph.offsets[node] as number; arc < end; arc += 1) {
      const target = graph.arcTargets[arc] as number;
      const next = cost + (weights[arc] as number);
      if (next < (costs[target] as number)) {
        costs[target] = next;
        if (next <= limit) heap.push(target, next);
      }
    }
  }
  return { costs, settled: Int32Array.from(settled) };
}

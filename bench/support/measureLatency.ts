import autocannon from 'autocannon';

/** Latency percentiles and throughput of one URL under `connections` concurrent clients. */
export interface LatencyResult {
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  errors: number;
}

export async function measureLatency(
  url: string,
  options: { connections?: number; durationSeconds?: number } = {},
): Promise<LatencyResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 4,
    duration: options.durationSeconds ?? 5,
  });
  return {
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p99,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

import type { FastifyInstance } from 'fastify';

/**
 * Request counts and latency per route pattern (`/api/farmers/:id`, never the id itself, so the
 * number of series stays bounded), kept in memory by each API process and read by /api/metrics in
 * the Prometheus text format.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Series = { count: number; sum: number; buckets: number[] };

export class RequestMetrics {
  private readonly requests = new Map<string, number>();
  private readonly durations = new Map<string, Series>();
  readonly startedAt = Date.now();

  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method}\0${route}\0${status}`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    const durationKey = `${method}\0${route}`;
    let series = this.durations.get(durationKey);
    if (!series) {
      series = { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
      this.durations.set(durationKey, series);
    }
    series.count += 1;
    series.sum += seconds;
    BUCKETS.forEach((le, i) => {
      if (seconds <= le && series) series.buckets[i] = (series.buckets[i] ?? 0) + 1;
    });
  }

  /** The request metrics as Prometheus text lines. */
  render(): string[] {
    const lines = [
      '# HELP ushirika_http_requests_total Requests answered, by method, route pattern and status.',
      '# TYPE ushirika_http_requests_total counter',
    ];
    for (const [key, n] of this.requests) {
      const [method, route, status] = key.split('\0');
      lines.push(
        `ushirika_http_requests_total{method="${method}",route="${label(route)}",status="${status}"} ${n}`,
      );
    }
    lines.push(
      '# HELP ushirika_http_request_duration_seconds Time from receiving a request to answering it.',
      '# TYPE ushirika_http_request_duration_seconds histogram',
    );
    for (const [key, s] of this.durations) {
      const [method, route] = key.split('\0');
      const labels = `method="${method}",route="${label(route)}"`;
      BUCKETS.forEach((le, i) => {
        lines.push(`ushirika_http_request_duration_seconds_bucket{${labels},le="${le}"} ${s.buckets[i]}`);
      });
      lines.push(`ushirika_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.count}`);
      lines.push(`ushirika_http_request_duration_seconds_sum{${labels}} ${s.sum.toFixed(6)}`);
      lines.push(`ushirika_http_request_duration_seconds_count{${labels}} ${s.count}`);
    }
    return lines;
  }
}

const label = (value: string | undefined) => (value ?? '').replace(/\\/g, '\\\\').replace(/"/g, '\\"');

declare module 'fastify' {
  interface FastifyInstance {
    requestMetrics: RequestMetrics;
  }
}

/** Records every answered request under its route pattern (`unmatched` for a 404 on no route). */
export function registerRequestMetrics(app: FastifyInstance): void {
  const metrics = new RequestMetrics();
  app.decorate('requestMetrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}

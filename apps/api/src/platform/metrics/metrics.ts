import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A gauge read when Prometheus scrapes. */
export type GaugeSource = () => number | Promise<number>;

/**
 * The API's Prometheus metrics: HTTP latency, offers accepted and refused, relay and projection lag,
 * connected live clients, plus the process defaults (CPU, memory, event loop lag).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds', help: 'HTTP request latency', labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers: [this.registry],
  });
  readonly offers = new Counter({
    name: 'auction_offers_total', help: 'Offers by outcome (accepted, refused) and refusal code', labelNames: ['outcome', 'code'],
    registers: [this.registry],
  });
  private readonly lagGauges = new Map<string, { gauge: Gauge; sources: Map<string, GaugeSource> }>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Registers a gauge read at scrape time, e.g. `relay_lag_events` or `projection_lag_events{projection=…}`. */
  gauge(name: string, help: string, source: GaugeSource, labels: Record<string, string> = {}): void {
    const labelNames = Object.keys(labels);
    let entry = this.lagGauges.get(name);
    if (!entry) {
      const sources = new Map<string, GaugeSource>();
      const gauge = new Gauge({
        name, help, labelNames, registers: [this.registry],
        async collect() {
          for (const [key, read] of sources) {
            const value = await read();
            if (labelNames.length) this.set(JSON.parse(key) as Record<string, string>, value);
            else this.set(value);
          }
        },
      });
      entry = { gauge, sources };
      this.lagGauges.set(name, entry);
    }
    entry.sources.set(JSON.stringify(labels), source);
  }

  /** The exposition text. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

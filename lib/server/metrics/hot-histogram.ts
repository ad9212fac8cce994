// A Prometheus histogram for paths that run per request or per plan step. prom-client's
// Histogram.observe checks and hashes its labels on every call, then finds the bucket by the
// bounds' text keys (with the counter beside it, 0.9% of the server's samples under the trade
// benchmark, a call per request between the router and the built-in escrow included). Here a label
// set is resolved once into a handle whose `observe` is a search of the bounds and three adds; the
// registry reads the buckets when it is scraped, in the same text as prom-client's Histogram.
import type { Metric, MetricValueWithName, Registry } from "prom-client";

/** What a metric's get() gives the registry (prom-client's own type names `type` by an enum its code never uses). */
export type HistogramSnapshot = { name: string; help: string; type: "histogram"; aggregator: "sum"; values: MetricValueWithName<string>[] };

export type HotHistogramHandle = { observe: (value: number) => void };

type Series<L extends string> = { labels: Record<L, string>; counts: Float64Array; sum: number; count: number };

export class HotHistogram<L extends string> {
  private readonly series = new Map<string, Series<L>>();
  private readonly bounds: readonly number[];
  private readonly labelNames: readonly L[];
  private readonly handles = new Map<string, HotHistogramHandle>();

  constructor(registry: Registry, name: string, help: string, labelNames: readonly L[], buckets: readonly number[]) {
    if (labelNames.includes("le" as L)) throw new Error("le is a reserved label name");
    if (buckets.some((b, i) => !Number.isFinite(b) || (i > 0 && b <= buckets[i - 1]!))) throw new Error(`${name}: buckets must be finite and increasing`);
    this.bounds = [...buckets];
    this.labelNames = [...labelNames];
    this.name = name;
    this.help = help;
    // What the registry reads of a metric (name, type, get), without prom-client's per-call label
    // handling: the registry only ever reads a metric, so a metric by its shape is enough.
    const read = { name, help, type: "histogram", aggregator: "sum", get: () => this.get() };
    registry.registerMetric(read as unknown as Metric<string>);
  }

  private readonly name: string;
  private readonly help: string;

  /** Every series as prom-client's Histogram.get() gives it: cumulative buckets (`le` first), then +Inf, sum and count. */
  async get(): Promise<HistogramSnapshot> {
    const { name, bounds } = this;
    const values: MetricValueWithName<string>[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      for (let i = 0; i < bounds.length; i++) {
        cumulative += s.counts[i]!;
        values.push({ labels: { le: bounds[i]!, ...s.labels }, value: cumulative, metricName: `${name}_bucket` });
      }
      values.push({ labels: { le: "+Inf", ...s.labels }, value: s.count, metricName: `${name}_bucket` });
      values.push({ labels: { ...s.labels }, value: s.sum, metricName: `${name}_sum` });
      values.push({ labels: { ...s.labels }, value: s.count, metricName: `${name}_count` });
    }
    return { name, help: this.help, type: "histogram", aggregator: "sum", values };
  }

  /** The handle of the label values in the order of the label names, as prom-client's `labels(...)`, looked up by their text. */
  labels(...values: string[]): HotHistogramHandle {
    const key = values.join("\u0000");
    let handle = this.handles.get(key);
    if (!handle) {
      if (values.length !== this.labelNames.length) throw new Error(`${this.name}: ${this.labelNames.length} label values expected, got ${values.length}`);
      handle = this.child(Object.fromEntries(this.labelNames.map((n, i) => [n, values[i]!])) as Record<L, string>);
      this.handles.set(key, handle);
    }
    return handle;
  }

  /** The handle of one label set (the same series each time: keep it, or look it up by a key of your own). */
  child(labels: Record<L, string>): HotHistogramHandle {
    const key = JSON.stringify(Object.entries(labels).sort());
    let entry = this.series.get(key);
    if (!entry) this.series.set(key, (entry = { labels: { ...labels }, counts: new Float64Array(this.bounds.length), sum: 0, count: 0 }));
    const s = entry;
    const bounds = this.bounds;
    return {
      observe: (value: number) => {
        if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
        s.sum += value;
        s.count += 1;
        // Few bounds (at most 16 here), most observations in the first few: a forward scan.
        for (let i = 0; i < bounds.length; i++) {
          if (value <= bounds[i]!) {
            s.counts[i]! += 1;
            return;
          }
        }
      },
    };
  }
}

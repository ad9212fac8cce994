import fc from "fast-check";
import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { HotCounter } from "./hot-counter";
import { HotHistogram } from "./hot-histogram";

const BUCKETS = [0.001, 0.01, 0.1, 1, 10];
const NAME = "t_seconds";
const HELP = "A test histogram.";

type Observation = { route: string; method: string; value: number };

/** The registry's text for the same observations, through prom-client's Histogram and through HotHistogram. */
async function bothTexts(observations: readonly Observation[]): Promise<{ prom: string; hot: string }> {
  const promRegistry = new Registry();
  const prom = new Histogram({ name: NAME, help: HELP, labelNames: ["route", "method"], buckets: BUCKETS, registers: [promRegistry] });
  const hotRegistry = new Registry();
  const hot = new HotHistogram(hotRegistry, NAME, HELP, ["route", "method"], BUCKETS);
  for (const { route, method, value } of observations) {
    prom.observe({ route, method }, value);
    hot.labels(route, method).observe(value);
  }
  return { prom: await promRegistry.metrics(), hot: await hotRegistry.metrics() };
}

describe("HotHistogram", () => {
  it("renders what prom-client's Histogram renders for the same observations (buckets, +Inf, sum, count, label order)", async () => {
    const observation = fc.record({
      route: fc.constantFrom("/a", "/b/{id}", 'quote"d'),
      method: fc.constantFrom("GET", "POST"),
      // Exactly on the bounds, between them, below the first and past the last.
      value: fc.oneof(fc.constantFrom(0, -1, ...BUCKETS, 11, 1e6), fc.double({ min: -5, max: 50, noNaN: true })),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const { prom, hot } = await bothTexts(observations);
        expect(hot).toBe(prom);
      }),
    );
  });

  it("gives the same handle for the same label values, and get() the series with their labels", async () => {
    const hot = new HotHistogram(new Registry(), NAME, HELP, ["stage", "outcome"], BUCKETS);
    expect(hot.labels("hold", "advance")).toBe(hot.labels("hold", "advance"));
    hot.labels("hold", "advance").observe(0.005);
    hot.labels("hold", "advance").observe(0.5);
    const { values } = await hot.get();
    const count = values.find((v) => v.metricName === `${NAME}_count`);
    expect(count).toMatchObject({ labels: { stage: "hold", outcome: "advance" }, value: 2 });
    expect(values.find((v) => v.metricName === `${NAME}_bucket` && v.labels.le === 0.01)?.value).toBe(1);
    expect(values.find((v) => v.metricName === `${NAME}_sum`)?.value).toBeCloseTo(0.505);
  });

  it("refuses a value that is not a number, a wrong count of label values, `le` as a label and buckets out of order", () => {
    const hot = new HotHistogram(new Registry(), NAME, HELP, ["stage"], BUCKETS);
    expect(() => hot.labels("x").observe(Number.NaN)).toThrow(TypeError);
    expect(() => hot.labels("x", "y")).toThrow(/1 label values expected/);
    expect(() => new HotHistogram(new Registry(), "u", HELP, ["le"], BUCKETS)).toThrow(/reserved/);
    expect(() => new HotHistogram(new Registry(), "v", HELP, [], [1, 0.5])).toThrow(/increasing/);
    expect(() => new HotHistogram(new Registry(), "w", HELP, [], [1, Number.POSITIVE_INFINITY])).toThrow(/finite/);
  });
});

describe("HotCounter.get", () => {
  it("gives the totals a scrape reads", async () => {
    const counter = new HotCounter(new Registry(), "t_total", HELP, ["route"]);
    counter.child({ route: "/a" }).inc();
    counter.child({ route: "/a" }).inc(2);
    const { values } = await counter.get();
    expect(values).toEqual([{ labels: { route: "/a" }, value: 3 }]);
  });
});

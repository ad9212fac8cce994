import { afterEach, describe, expect, it, vi } from "vitest";
import { DELIVERY_WAIT_MS, LocalEventHub } from "./local-event-hub";
import type { PublishedEvent } from "./published-event";

const event = (id: string, kind: PublishedEvent["kind"] = "planChanged"): PublishedEvent => ({ id, kind, payload: { id }, audience: [], organizations: [], createdAtMs: 0 });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("LocalEventHub", () => {
  it("waits for every listener that takes the event, and for none that declines it", async () => {
    const hub = new LocalEventHub();
    let finish!: () => void;
    const taken = new Promise<void>((resolve) => (finish = resolve));
    const seen: string[] = [];
    hub.subscribe((e) => (seen.push(`taker ${e.id}`), taken));
    hub.subscribe((e) => (seen.push(`decliner ${e.id}`), null));
    let published = false;
    const publishing = hub.publish(event("a")).then(() => (published = true));
    await Promise.resolve();
    expect(seen).toEqual(["taker a", "decliner a"]);
    expect(published).toBe(false);
    finish();
    await publishing;
    expect(published).toBe(true);
  });

  it("starts no timer when every listener declines the event", async () => {
    const hub = new LocalEventHub();
    hub.subscribe(() => null);
    hub.subscribe(() => null);
    const timers = vi.spyOn(globalThis, "setTimeout");
    await hub.publish(event("a"));
    expect(timers).not.toHaveBeenCalled();
  });

  it("gives up waiting on a stuck listener after DELIVERY_WAIT_MS, and does not wait on it again until it catches up", async () => {
    vi.useFakeTimers();
    const hub = new LocalEventHub();
    const stuck = new Promise<void>(() => undefined);
    const calls: string[] = [];
    hub.subscribe((e) => (calls.push(e.id), stuck));
    let first = false;
    const publishing = hub.publish(event("a")).then(() => (first = true));
    await vi.advanceTimersByTimeAsync(DELIVERY_WAIT_MS - 1);
    expect(first).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await publishing;
    expect(first).toBe(true);
    // Still busy with "a": "b" is handed over but not waited for.
    await hub.publish(event("b"));
    expect(calls).toEqual(["a", "b"]);
  });

  it("publishes an event id once", async () => {
    const hub = new LocalEventHub();
    const seen: string[] = [];
    hub.subscribe((e) => (seen.push(e.id), Promise.resolve()));
    await hub.publish(event("a"));
    await hub.publish(event("a"));
    await hub.publish(event("b"));
    expect(seen).toEqual(["a", "b"]);
  });

  it("stops handing events to a listener once it unsubscribed", async () => {
    const hub = new LocalEventHub();
    const seen: string[] = [];
    const unsubscribe = hub.subscribe((e) => (seen.push(e.id), null));
    await hub.publish(event("a"));
    unsubscribe();
    await hub.publish(event("b"));
    expect(seen).toEqual(["a"]);
    expect(hub.listenerCount).toBe(0);
  });

  it("offers an event to the listeners of its kind and to those of every kind, and to no other", async () => {
    const hub = new LocalEventHub();
    const seen: string[] = [];
    hub.subscribe((e) => (seen.push(`changes ${e.id}`), null), ["planChanged"]);
    hub.subscribe((e) => (seen.push(`receipts ${e.id}`), null), ["receiptAdded"]);
    hub.subscribe((e) => (seen.push(`both ${e.id}`), null), ["planChanged", "receiptAdded", "planChanged"]);
    hub.subscribe((e) => (seen.push(`all ${e.id}`), null));
    await hub.publish(event("c1", "planChanged"));
    await hub.publish(event("r1", "receiptAdded"));
    await hub.publish(event("a1", "planAdded"));
    expect(seen).toEqual(["changes c1", "both c1", "all c1", "receipts r1", "both r1", "all r1", "all a1"]);
    expect(hub.listenerCount).toBe(5);
  });

  it("still offers the event to the others when a listener unsubscribes while it is offered it, and never again to that one", async () => {
    const hub = new LocalEventHub();
    const seen: string[] = [];
    let leave = () => undefined as void;
    leave = hub.subscribe((e) => (seen.push(`leaver ${e.id}`), leave(), null), ["planChanged"]);
    hub.subscribe((e) => (seen.push(`stayer ${e.id}`), null), ["planChanged"]);
    await hub.publish(event("a"));
    await hub.publish(event("b"));
    expect(seen).toEqual(["leaver a", "stayer a", "stayer b"]);
    expect(hub.listenerCount).toBe(1);
  });

  it("unsubscribes a listener of several kinds from all of them", async () => {
    const hub = new LocalEventHub();
    const seen: string[] = [];
    const stop = hub.subscribe((e) => (seen.push(e.id), null), ["planChanged", "receiptAdded"]);
    stop();
    await hub.publish(event("c", "planChanged"));
    await hub.publish(event("r", "receiptAdded"));
    expect(seen).toEqual([]);
    expect(hub.listenerCount).toBe(0);
  });
});

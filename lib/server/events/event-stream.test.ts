import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/domain/app-error";
import { EVENT_QUEUE_MAX, openEventStream, StreamFailure } from "./event-stream";
import { DELIVERY_WAIT_MS, LocalEventHub } from "./local-event-hub";
import type { EventKind, PublishedEvent } from "./published-event";

let sequence = 0;
function event(kind: EventKind = "planAdded", audience: string[] = ["a"]): PublishedEvent {
  sequence += 1;
  return { id: `event-${sequence}`, kind, payload: { n: sequence }, audience, organizations: [], createdAtMs: Date.now() };
}

const payloadOf = (e: PublishedEvent) => Promise.resolve((e.payload as { n: number }).n);
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("EventStream", () => {
  it("yields the events of its kinds, in publication order", async () => {
    const hub = new LocalEventHub();
    const stream = openEventStream({ kinds: ["planAdded", "receiptAdded"], accept: payloadOf, transport: hub });
    const first = event("planAdded");
    const skipped = event("planChanged");
    const second = event("receiptAdded");
    void hub.publish(first);
    void hub.publish(skipped);
    void hub.publish(second);
    expect(await stream.next()).toEqual({ value: (first.payload as { n: number }).n, done: false });
    expect(await stream.next()).toEqual({ value: (second.payload as { n: number }).n, done: false });
    await stream.return();
  });

  it("skips what accept refuses, and lets the hub go on", async () => {
    const hub = new LocalEventHub();
    const stream = openEventStream({ kinds: ["planAdded"], accept: (e) => Promise.resolve(e.audience.includes("me") ? e.id : null), transport: hub });
    const pending = stream.next();
    const started = Date.now();
    await hub.publish(event("planAdded", ["someone-else"]));
    expect(Date.now() - started).toBeLessThan(DELIVERY_WAIT_MS / 2);
    const mine = event("planAdded", ["me"]);
    void hub.publish(mine);
    expect(await pending).toEqual({ value: mine.id, done: false });
    await stream.return();
  });

  it("drops at once what declines names: accept never sees it, and the hub does not wait for a busy consumer", async () => {
    const hub = new LocalEventHub();
    const accepted: string[] = [];
    const stream = openEventStream({
      kinds: ["planAdded"],
      declines: (e) => !e.audience.includes("me"),
      accept: (e) => {
        accepted.push(e.id);
        return Promise.resolve(e.id);
      },
      transport: hub,
    });
    // Nobody asks the stream for an event: an event it took would hold the publisher for DELIVERY_WAIT_MS.
    const started = Date.now();
    await hub.publish(event("planAdded", ["someone-else"]));
    expect(Date.now() - started).toBeLessThan(DELIVERY_WAIT_MS / 2);
    const mine = event("planAdded", ["me"]);
    void hub.publish(mine);
    expect(await stream.next()).toEqual({ value: mine.id, done: false });
    expect(accepted).toEqual([mine.id]);
    await stream.return();
  });

  it("holds the publisher until the consumer asks for the next event (ordered delivery across subscriptions)", async () => {
    const hub = new LocalEventHub();
    const stream = openEventStream({ kinds: ["planAdded"], accept: payloadOf, transport: hub });
    let published = false;
    const publishing = hub.publish(event()).then(() => {
      published = true;
    });
    await stream.next();
    await later(20);
    expect(published).toBe(false);
    const following = stream.next(); // the consumer sent the first event and asks for more
    await publishing;
    expect(published).toBe(true);
    await stream.return();
    expect(await following).toEqual({ value: undefined, done: true });
  });

  it("waits for a stuck consumer DELIVERY_WAIT_MS once, then no more until it catches up", async () => {
    const hub = new LocalEventHub();
    const stuck = openEventStream({ kinds: ["planAdded"], accept: payloadOf, transport: hub });
    void stuck.next(); // takes the first event, then never asks for more
    let started = Date.now();
    await hub.publish(event());
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELIVERY_WAIT_MS - 10);
    started = Date.now();
    await hub.publish(event());
    await hub.publish(event());
    expect(Date.now() - started).toBeLessThan(DELIVERY_WAIT_MS / 2);
    // Caught up: it is waited for again, and its events came in order.
    expect((await stuck.next()).value).toBe(sequence - 1);
    expect((await stuck.next()).value).toBe(sequence);
    const waiting = stuck.next();
    await later(0); // the hub counts the third event finished
    started = Date.now();
    await hub.publish(event());
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELIVERY_WAIT_MS - 10);
    expect((await waiting).value).toBe(sequence);
    await stuck.return();
  });

  it("delivers an event published twice (same id) once", async () => {
    const hub = new LocalEventHub();
    const stream = openEventStream({ kinds: ["planAdded"], accept: (e) => Promise.resolve(e.id), transport: hub });
    const once = event();
    const other = event();
    void hub.publish(once);
    void hub.publish({ ...once });
    void hub.publish(other);
    expect((await stream.next()).value).toBe(once.id);
    expect((await stream.next()).value).toBe(other.id);
    await stream.return();
  });

  it("ends at once when returned while waiting, and unsubscribes", async () => {
    const hub = new LocalEventHub();
    const stream = openEventStream({ kinds: ["planAdded"], accept: payloadOf, transport: hub });
    expect(hub.listenerCount).toBe(1);
    const waiting = stream.next();
    await stream.return();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(hub.listenerCount).toBe(0);
  });

  it("ends with the AppError accept throws, then completes", async () => {
    const hub = new LocalEventHub();
    const stream = openEventStream({
      kinds: ["planAdded"],
      accept: () => Promise.reject(new AppError("UNAUTHENTICATED", "signed out")),
      transport: hub,
    });
    void hub.publish(event());
    const failed = await stream.next();
    expect(failed.value).toBeInstanceOf(StreamFailure);
    expect((failed.value as StreamFailure).error.code).toBe("UNAUTHENTICATED");
    expect(await stream.next()).toEqual({ value: undefined, done: true });
    expect(hub.listenerCount).toBe(0);
  });

  it("hides an unexpected error behind INTERNAL", async () => {
    const hub = new LocalEventHub();
    const stream = openEventStream({ kinds: ["planAdded"], accept: () => Promise.reject(new Error("database file is locked")), transport: hub });
    void hub.publish(event());
    const failed = (await stream.next()).value as StreamFailure;
    expect(failed.error.code).toBe("INTERNAL");
    expect(failed.error.message).not.toMatch(/locked/);
  });

  it("ends a subscription that falls too far behind", async () => {
    const hub = new LocalEventHub();
    const stream = openEventStream({ kinds: ["planAdded"], accept: payloadOf, transport: hub });
    // Nobody consumes: the hub's wait is cut short by publishing without awaiting.
    for (let i = 0; i <= EVENT_QUEUE_MAX; i += 1) void hub.publish(event());
    const failed = await stream.next();
    expect((failed.value as StreamFailure).error.code).toBe("UNAVAILABLE");
    expect(await stream.next()).toEqual({ value: undefined, done: true });
  });
});

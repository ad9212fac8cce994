// Subscription fields (graphql-ws only). Each opens a stream of published events of its kind, gated
// by who may see them (lib/server/events/event-gate.ts); the heartbeat proves the socket end to end.
import { AppError } from "@/lib/domain/app-error";
import { createEventGate } from "@/lib/server/events/event-gate";
import { openEventStream, StreamFailure } from "@/lib/server/events/event-stream";
import type { EventKind, PublishedEvent } from "@/lib/server/events/published-event";
import { logger } from "@/lib/server/log";
import { requirePrincipal, type GraphQLContext } from "../context";
import { planParentOfEvent, receiptParentOfEvent } from "../parents";

export const HEARTBEAT_MIN_INTERVAL_MS = 100;
export const HEARTBEAT_MAX_INTERVAL_MS = 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function* heartbeats(intervalMs: number): AsyncGenerator<{ heartbeat: { sequence: number; serverTime: string } }> {
  for (let sequence = 1; ; sequence += 1) {
    yield { heartbeat: { sequence, serverTime: new Date().toISOString() } };
    await sleep(intervalMs);
  }
}

/** A subscription to events of `kind`, each turned into what the field yields by `toParent` (null: not such an event). */
function eventSubscription<T>(kind: EventKind, toParent: (payload: unknown) => T | null) {
  return {
    // Synchronous up to the stream's registration with the hub: events published from the moment
    // the subscribe message was read are queued (and gated once the subscriber's profiles are read).
    subscribe: (_: unknown, __: unknown, context: GraphQLContext) => {
      const gate = createEventGate(requirePrincipal(context));
      return openEventStream({
        kinds: [kind],
        declines: gate.declines,
        accept: async (event: PublishedEvent) => {
          if (!(await gate.admits(event))) return null;
          const parent = toParent(event.payload);
          if (parent === null) logger.error({ eventId: event.id, kind }, "subscription: an event payload has the wrong shape; it is skipped");
          return parent;
        },
      });
    },
    resolve: <P>(payload: P | StreamFailure): P => {
      if (payload instanceof StreamFailure) throw payload.error;
      return payload;
    },
  };
}

export const subscriptionResolvers = {
  Subscription: {
    heartbeat: {
      subscribe: (_: unknown, args: { intervalMs: number }, context: GraphQLContext) => {
        requirePrincipal(context);
        if (args.intervalMs < HEARTBEAT_MIN_INTERVAL_MS || args.intervalMs > HEARTBEAT_MAX_INTERVAL_MS) {
          throw new AppError("VALIDATION_FAILED", `intervalMs must be between ${HEARTBEAT_MIN_INTERVAL_MS} and ${HEARTBEAT_MAX_INTERVAL_MS}.`, [
            { path: "intervalMs", message: `must be between ${HEARTBEAT_MIN_INTERVAL_MS} and ${HEARTBEAT_MAX_INTERVAL_MS}` },
          ]);
        }
        return heartbeats(args.intervalMs);
      },
    },
    planAdded: eventSubscription("planAdded", planParentOfEvent),
    plansChangedBy: {
      ...eventSubscription("planChanged", planParentOfEvent),
      subscribe: (parent: unknown, args: { fieldNames: string[] }, context: GraphQLContext) => {
        // Status is the only field whose changes are reported today; the list leaves room for more.
        if (!args.fieldNames.includes("Status")) {
          throw new AppError("VALIDATION_FAILED", "fieldNames must name at least one field: Status.", [{ path: "fieldNames", message: "must include Status" }]);
        }
        return eventSubscription("planChanged", planParentOfEvent).subscribe(parent, args, context);
      },
    },
    receiptAdded: eventSubscription("receiptAdded", receiptParentOfEvent),
  },
};

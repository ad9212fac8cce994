// Decides, for one subscription, which events its subscriber may receive (event-audience.ts). The
// subscriber's profiles are read when it subscribes; an event for none of them makes the gate read
// them again (at most every REFRESH_MS), so a profile created meanwhile is seen, and a user disabled
// meanwhile has the subscription ended. Between two reads, an event for none of them is declined at
// once (`declines`), without a promise or a turn of the event loop: most events of a busy node are
// for none of a given subscriber's profiles.
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { cachedPrincipalFromUserId } from "@/lib/server/auth/principal-cache";
import { eventVisibleTo, type EventViewer } from "./event-audience";
import { loadOwnFinIds } from "./own-fin-ids";
import type { PublishedEvent } from "./published-event";

export const REFRESH_MS = 1_000;

/** What the gate reads: the user as a principal now (null when disabled or gone), and the finIds of the user's profiles. */
export type GateReads = {
  principalOf(userId: string): Promise<Principal | null>;
  ownFinIds(userId: string): Promise<string[]>;
};

const DATABASE_READS: GateReads = { principalOf: cachedPrincipalFromUserId, ownFinIds: loadOwnFinIds };

export type EventGate = {
  /** Whether the subscriber may receive the event; may read the subscriber's profiles again first. */
  admits(event: PublishedEvent): Promise<boolean>;
  /** True when `admits` would answer false without reading anything: the event is declined at once. */
  declines(event: PublishedEvent): boolean;
};

/** A gate for `principal`; its profiles are being read from now on, and a failure to read them surfaces through the first `admits`. */
export function createEventGate(principal: Principal, reads: GateReads = DATABASE_READS): EventGate {
  const viewerOf = async (p: Principal): Promise<EventViewer> => ({ role: p.role, organizationId: p.organizationId, finIds: new Set(await reads.ownFinIds(p.userId)) });
  let viewer: EventViewer | null = null;
  let readAtMs = 0;
  const first = viewerOf(principal).then((read) => {
    viewer = read;
    readAtMs = Date.now();
    return read;
  });
  first.catch(() => undefined);
  const fresh = () => Date.now() - readAtMs < REFRESH_MS;
  return {
    declines: (event) => viewer !== null && !eventVisibleTo(viewer, event) && fresh(),
    async admits(event) {
      const known = viewer ?? (await first);
      if (eventVisibleTo(known, event)) return true;
      if (fresh()) return false;
      readAtMs = Date.now();
      const current = await reads.principalOf(principal.userId);
      if (!current) throw new AppError("UNAUTHENTICATED", "Your account is disabled or gone; the subscription has ended.");
      viewer = await viewerOf(current);
      return eventVisibleTo(viewer, event);
    },
  };
}

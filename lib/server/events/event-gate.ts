// Decides, for one subscription, which events its subscriber may receive (event-audience.ts). The
// subscriber's profiles are read when it subscribes; an event for none of them makes the gate read
// them again (at most every REFRESH_MS), so a profile created meanwhile is seen, and a user disabled
// meanwhile has the subscription ended.
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { cachedPrincipalFromUserId } from "@/lib/server/auth/principal-cache";
import { eventVisibleTo, type EventViewer } from "./event-audience";
import { loadOwnFinIds } from "./own-fin-ids";
import type { PublishedEvent } from "./published-event";

export const REFRESH_MS = 1_000;

async function viewerOf(principal: Principal): Promise<EventViewer> {
  return { role: principal.role, organizationId: principal.organizationId, finIds: new Set(await loadOwnFinIds(principal.userId)) };
}

export type EventGate = (event: PublishedEvent) => Promise<boolean>;

export async function createEventGate(principal: Principal): Promise<EventGate> {
  let viewer = await viewerOf(principal);
  let readAtMs = Date.now();
  return async (event) => {
    if (eventVisibleTo(viewer, event)) return true;
    if (Date.now() - readAtMs < REFRESH_MS) return false;
    readAtMs = Date.now();
    const current = await cachedPrincipalFromUserId(principal.userId);
    if (!current) throw new AppError("UNAUTHENTICATED", "Your account is disabled or gone; the subscription has ended.");
    viewer = await viewerOf(current);
    return eventVisibleTo(viewer, event);
  };
}

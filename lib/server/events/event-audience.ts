// Who may receive an event (decisions.md §6): the owner of a profile whose finId is in the event's
// audience (the trade's buyer or seller), an admin, or a user of an organization that takes part in
// the plan the event is about (role organization or escrowOperator, as for reading the plan).
import type { Role } from "@/lib/domain/roles";

export type EventViewer = {
  role: Role;
  organizationId: string | null;
  /** finIds of the viewer's own profiles. */
  finIds: ReadonlySet<string>;
};

export type EventAudience = { audience: readonly string[]; organizations: readonly string[] };

const ORGANIZATION_ROLES: ReadonlySet<Role> = new Set(["organization", "escrowOperator"]);

export function actsForOrganization(role: Role, organizationId: string | null): organizationId is string {
  return organizationId !== null && ORGANIZATION_ROLES.has(role);
}

export function eventVisibleTo(viewer: EventViewer, event: EventAudience): boolean {
  if (viewer.role === "admin") return true;
  if (event.audience.some((finId) => viewer.finIds.has(finId))) return true;
  return actsForOrganization(viewer.role, viewer.organizationId) && event.organizations.includes(viewer.organizationId);
}

import { describe, expect, it } from "vitest";
import { eventVisibleTo, type EventViewer } from "./event-audience";

const event = { audience: ["buyer-fin", "seller-fin"], organizations: ["node", "escrow"] };
const viewer = (over: Partial<EventViewer>): EventViewer => ({ role: "investor", organizationId: null, finIds: new Set(), ...over });

describe("eventVisibleTo", () => {
  it("shows an event to the owner of a profile in its audience", () => {
    expect(eventVisibleTo(viewer({ finIds: new Set(["other-fin", "buyer-fin"]) }), event)).toBe(true);
    expect(eventVisibleTo(viewer({ role: "issuer", finIds: new Set(["seller-fin"]) }), event)).toBe(true);
  });

  it("hides it from another investor", () => {
    expect(eventVisibleTo(viewer({ finIds: new Set(["other-fin"]) }), event)).toBe(false);
    expect(eventVisibleTo(viewer({}), event)).toBe(false);
  });

  it("shows every event to an admin", () => {
    expect(eventVisibleTo(viewer({ role: "admin" }), { audience: [], organizations: [] })).toBe(true);
  });

  it("shows it to users of an organization taking part in the plan, and to no other organization", () => {
    expect(eventVisibleTo(viewer({ role: "organization", organizationId: "escrow" }), event)).toBe(true);
    expect(eventVisibleTo(viewer({ role: "escrowOperator", organizationId: "escrow" }), event)).toBe(true);
    expect(eventVisibleTo(viewer({ role: "organization", organizationId: "other-bank" }), event)).toBe(false);
    expect(eventVisibleTo(viewer({ role: "organization", organizationId: null }), event)).toBe(false);
  });

  it("does not let an investor or issuer borrow its organization's view", () => {
    expect(eventVisibleTo(viewer({ role: "investor", organizationId: "escrow" }), event)).toBe(false);
    expect(eventVisibleTo(viewer({ role: "issuer", organizationId: "node" }), event)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { UUID_PATTERN } from "@/lib/domain/patterns";
import { nextOutboxId } from "./outbox-id";

describe("nextOutboxId", () => {
  it("is a version-7 UUID", () => {
    const id = nextOutboxId();
    expect(id).toMatch(UUID_PATTERN);
    expect(id[14]).toBe("7");
    expect(["8", "9", "a", "b"]).toContain(id[19]);
  });

  it("sorts in the order the ids were made, also within one millisecond and past 4096 in it", () => {
    const at = Date.now() + 60_000;
    const ids = Array.from({ length: 5_000 }, () => nextOutboxId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never goes back when the clock does", () => {
    const later = nextOutboxId(Date.now() + 120_000);
    const earlier = nextOutboxId(Date.now());
    expect(earlier > later).toBe(true);
  });
});

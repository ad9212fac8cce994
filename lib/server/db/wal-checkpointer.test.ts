import { afterEach, describe, expect, it } from "vitest";
import { metrics } from "@/lib/server/metrics/metrics";
import { groupCommitTestDatabase as setUp, removeTestDatabases } from "./group-commit-test-database";
import { RESTART_AFTER_FRAMES, startWalCheckpointer } from "./wal-checkpointer";

afterEach(removeTestDatabases);

const caughtUp = async () => (await metrics.sqliteWalCatchUps.get()).values.find((v) => v.labels.outcome === "caught-up")?.value ?? 0;
/** Frames in the WAL now (a PASSIVE checkpoint's `log`), read from a connection of its own. */
const walFrames = (connection: { pragma(source: string): unknown }) => (connection.pragma("wal_checkpoint(PASSIVE)") as { log: number }[])[0]!.log;

describe("startWalCheckpointer", () => {
  it("starts over a WAL that a writer who never pauses keeps growing", async () => {
    const { connection, db, writer } = setUp();
    const stop = startWalCheckpointer(connection.name, connection, (task, onError) => writer.betweenGroups(task, onError));
    let stopped = false;
    try {
      const before = await caughtUp();
      const row = "x".repeat(3_000); // a page of the table and one of the unique index per row
      let written = 0;
      const deadline = Date.now() + 20_000;
      // Back-to-back groups of 50 rows: the worker never finds the WAL idle.
      while ((await caughtUp()) === before && Date.now() < deadline) {
        await Promise.all(Array.from({ length: 50 }, () => db.insertInto("t").values({ name: `${row}${(written += 1)}` } as never).execute()));
      }
      expect(await caughtUp()).toBeGreaterThan(before);
      expect(written * 2).toBeGreaterThan(RESTART_AFTER_FRAMES); // the WAL had grown past the limit
      // The writer's next transaction writes its frames at the start of the WAL again.
      await db.insertInto("t").values({ name: "after" } as never).execute();
      await stop(); // its last checkpoint copies the WAL back but does not start it over; only a write does
      stopped = true;
      const observer = new (connection.constructor as new (file: string) => typeof connection)(connection.name);
      try {
        const frames = walFrames(observer);
        expect(frames).toBeGreaterThan(0);
        expect(frames).toBeLessThan(100);
      } finally {
        observer.close();
      }
    } finally {
      if (!stopped) await stop();
    }
  });
});

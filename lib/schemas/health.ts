// GET /api/health: liveness, whether the database answers (200 when it does, 503 otherwise), which
// process answered and whether it hears the node's other processes (README "Running at scale").
import { z } from "zod";

const processSchema = z.object({ host: z.string().max(255), pid: z.number().int().positive(), worker: z.number().int().positive().nullable() });
const listenerSchema = z.enum(["connected", "disconnected", "in-process"]);

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string().max(100),
  database: z.enum(["up", "down"]),
  /** Which process answered: host, pid and node:cluster worker number (null when not a cluster worker). */
  process: processSchema,
  /** This process's part in the node's events: does it hear the others (`in-process`: SQLite, one process), does it publish. */
  events: z.object({ listener: listenerSchema, publisher: z.boolean() }),
});

// GET /api/ready: may a load balancer send this process requests (200), or not yet / no longer (503).
export const readinessSchema = z.object({
  ready: z.boolean(),
  migrations: z.enum(["applied", "pending"]),
  listener: listenerSchema,
  shuttingDown: z.boolean(),
  /** Why it is not ready, in words; empty when it is. */
  reasons: z.array(z.string().max(200)).max(10),
  process: processSchema,
});

export type Readiness = z.infer<typeof readinessSchema>;

export type ListenerState = Health["events"]["listener"];

export type Health = z.infer<typeof healthSchema>;

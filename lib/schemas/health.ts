// GET /api/health: liveness and whether the database answers (200 when it does, 503 otherwise).
import { z } from "zod";

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string().max(100),
  database: z.enum(["up", "down"]),
});

export type Health = z.infer<typeof healthSchema>;

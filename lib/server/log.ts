// Structured logs (pino, JSON lines on stdout). Secrets are redacted wherever they appear.
import pino from "pino";
import { env } from "@/lib/env";

const holder = globalThis as typeof globalThis & { __tanLogger?: pino.Logger };

export const logger: pino.Logger = (holder.__tanLogger ??= pino({
  level: env.LOG_LEVEL,
  // pid: with several processes (README, "Running at scale") their lines interleave in one log.
  base: { service: "tan", org: env.ORG_ID, pid: process.pid },
  redact: {
    paths: ["authorization", "password", "token", "*.authorization", "*.password", "*.token", "*.secret", "headers.cookie"],
    censor: "[redacted]",
  },
}));

export type Logger = pino.Logger;

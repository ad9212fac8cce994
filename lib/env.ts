// The one place that reads process.env. Every setting is validated once, with safe defaults, and the
// rest of the code imports `env`. A bad setting stops the process at start with a message naming it.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ORG_ID_PATTERN } from "./domain/patterns";

const orgIdSetting = z.string().regex(ORG_ID_PATTERN, "lower-case letters, digits and dashes, at most 64 characters");
const urlSetting = z.url({ protocol: /^https?$/, error: "an http(s) URL" });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  /** Interface the server binds to. */
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Where this node is reached from outside; the default follows PORT. */
  PUBLIC_URL: urlSetting.optional(),
  /** Where the database file, the generated AUTH_SECRET and uploaded documents live. */
  DATA_DIR: z.string().min(1).default("data"),
  /** `file:` (SQLite, the default, under DATA_DIR) or `postgresql://`. */
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, "a file: URL (SQLite) or a postgresql:// URL")
    .optional(),
  ORG_ID: orgIdSetting.default("node"),
  ESCROW_ORG_ID: orgIdSetting.default("escrow"),
  ESCROW_ORG_NAME: z.string().min(1).max(200).default("Built-in Escrow"),
  /** Adapter URL of the built-in escrow organization; the default is this node's /api/adapter. */
  ESCROW_ADAPTER_URL: urlSetting.optional(),
  /** Signs sessions and seals stored secrets; generated into DATA_DIR on first start when unset. */
  AUTH_SECRET: z.string().min(32, "at least 32 characters").optional(),
  /** When set, accepted as an admin bearer token (decisions.md §8). */
  ADMIN_TOKEN: z.string().min(24, "at least 24 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Largest JSON request body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  /** Demo users and organizations are created on an empty database unless this is "false". */
  SEED_DEMO_DATA: z.enum(["true", "false"]).default("true"),
});

export type Env = Readonly<
  Omit<z.infer<typeof schema>, "DATABASE_URL" | "AUTH_SECRET" | "PUBLIC_URL" | "ESCROW_ADAPTER_URL" | "SEED_DEMO_DATA"> & {
    DATA_DIR: string;
    DATABASE_URL: string;
    DATABASE_PROVIDER: "sqlite" | "postgresql";
    /** Absolute path of the SQLite file, when the provider is SQLite. */
    SQLITE_FILE: string | null;
    AUTH_SECRET: string;
    PUBLIC_URL: string;
    ESCROW_ADAPTER_URL: string;
    SEED_DEMO_DATA: boolean;
    VERSION: string;
  }
>;

function loadOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  try {
    // "wx": if two processes start at once, the first one's secret wins and the other reads it.
    writeFileSync(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
    return secret;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, so `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment settings:\n${lines.join("\n")}`);
  }
  const s = parsed.data;
  const dataDir = path.resolve(s.DATA_DIR);
  const databaseUrl = s.DATABASE_URL ?? `file:${path.join(dataDir, "app.db")}`;
  const provider = databaseUrl.startsWith("file:") ? "sqlite" : "postgresql";
  const sqliteFile = provider === "sqlite" ? path.resolve(databaseUrl.slice("file:".length)) : null;
  const publicUrl = (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/+$/, "");
  return Object.freeze({
    ...s,
    DATA_DIR: dataDir,
    DATABASE_URL: sqliteFile ? `file:${sqliteFile}` : databaseUrl,
    DATABASE_PROVIDER: provider,
    SQLITE_FILE: sqliteFile,
    AUTH_SECRET: s.AUTH_SECRET ?? loadOrCreateAuthSecret(dataDir),
    PUBLIC_URL: publicUrl,
    ESCROW_ADAPTER_URL: (s.ESCROW_ADAPTER_URL ?? `${publicUrl}/api/adapter`).replace(/\/+$/, ""),
    SEED_DEMO_DATA: s.SEED_DEMO_DATA === "true",
    VERSION: readVersion(),
  });
}

export const env: Env = loadEnv();

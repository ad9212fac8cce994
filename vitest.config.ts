import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import FileOrder from "./tests/file-order.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

// Two projects: pure unit tests beside the code, and API tests against a real running server
// (tests/api/global-setup.ts starts it). Playwright specs in e2e/ are never picked up here.
export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    // The same file order on a fresh clone as on a warm checkout (tests/file-order.ts).
    sequence: { sequencer: FileOrder },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          // Unit tests that load server modules get a throwaway data directory and quiet logs.
          env: { DATA_DIR: ".tmp/unit", LOG_LEVEL: "silent" },
          // next-auth imports "next/server" without an extension, which only a bundler resolves.
          server: { deps: { inline: ["next-auth", "@auth/core"] } },
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // The trading tests again with the built-in escrow reached over HTTP like any other payment
        // organization (ESCROW_TRANSPORT=http), so the wire contract stays proven (decisions.md §1).
        extends: true,
        test: {
          name: "api-escrow-http",
          include: ["tests/api/trading*.test.ts", "tests/api/graphql-trading.test.ts"],
          environment: "node",
          env: { ESCROW_TRANSPORT: "http" },
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

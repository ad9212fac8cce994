import { defineConfig } from "@playwright/test";
import { E2E_PORT, E2E_PROJECTS, originAt } from "./e2e/origin";
import { TEST_DEMO_PASSWORD } from "./tests/demo-password";

// E2E_PORT lets two checkouts run their journeys side by side (each uses E2E_PORT … E2E_PORT + 4).

// Debian's Chromium, never a downloaded browser (npx playwright install cannot work here).
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  // One project per journey, each with its own server and fresh database (e2e/origin.ts).
  projects: E2E_PROJECTS.map(({ demoMarket: _demoMarket, ...project }, offset) => ({ ...project, use: { baseURL: originAt(offset) } })),
  // Screenshot comparisons (e2e/screenshots.spec.ts): baselines committed beside the specs, made with
  // Debian's Chromium and the system's fonts; a small tolerance for anti-aliasing, none for layout.
  snapshotPathTemplate: "e2e/__screenshots__/{testFilePath}/{arg}{ext}",
  expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: "disabled", caret: "hide" } },
  webServer: E2E_PROJECTS.map(({ name, demoMarket }, offset) => ({
    command: "bash scripts/e2e-server.sh",
    url: `${originAt(offset)}/api/health`,
    // The demo people sign in with the harness's password (the server honours it on loopback only).
    env: { E2E_PORT: String(E2E_PORT + offset), E2E_DATA_DIR: `.tmp/e2e/${name}`, DEMO_PASSWORD: TEST_DEMO_PASSWORD, SEED_DEMO_MARKET: String(demoMarket) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
  })),
});

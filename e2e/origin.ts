// The origin the journeys' server listens on (playwright.config.ts: E2E_PORT, 3210 by default).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

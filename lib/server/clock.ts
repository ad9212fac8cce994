// The engine's clock, as this module found it when it was loaded.
//
// Next replaces the global `Date` once its server code loads
// (next/dist/server/node-environment-extensions/date.js): every `new Date(...)` and `Date.now()` then
// goes through `Reflect.construct` and a look at Next's render stores, so that a prerender of cached
// components notices a read of the clock. The settlement path is no render, and it reads the clock a
// few dozen times a trade: through the wrapper that was 1.1% of the server's CPU under the trade
// benchmark (2026-11-29). Its hot reads use these functions instead; the dates they make are plain
// `Date`s (the same prototype), and the time is the same clock's.
//
// The custom server's bundle loads this module at start, before Next's server code is required; a
// copy loaded later (Next's own module graph: route handlers, pages) gets Next's `Date` here, which
// reads the same clock, only slower. Test fakes of the clock (vi.useFakeTimers) replace the global
// `Date` after this module is loaded, so code under a faked clock keeps using `Date` itself.

const EngineDate = Date;
const engineNow = Date.now;

/** Milliseconds since the epoch: `Date.now()`. */
export function nowMs(): number {
  return engineNow();
}

/** The current instant: `new Date()`. */
export function currentDate(): Date {
  return new EngineDate(engineNow());
}

/** The instant `ms` milliseconds after the epoch: `new Date(ms)`. */
export function dateAtMs(ms: number): Date {
  return new EngineDate(ms);
}

/** Whole seconds since the epoch, rounded down: `Math.floor(Date.now() / 1000)`. */
export function nowSeconds(): number {
  return Math.floor(engineNow() / 1000);
}

// The clock for time-dependent checks in render (an offer's window, a hold's expiry): read once,
// then again every `intervalMs`, so a page left open notices an offer ending.
import { useEffect, useState } from "react";

const DEFAULT_INTERVAL_MS = 15_000;

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function useNowSeconds(intervalMs = DEFAULT_INTERVAL_MS): number {
  const [now, setNow] = useState(nowSeconds);
  useEffect(() => {
    const timer = setInterval(() => setNow(nowSeconds()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

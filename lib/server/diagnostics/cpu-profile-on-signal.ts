// A CPU profile of a chosen stretch of the server's life, for `npm run bench` (BENCH_CPU_PROFILE_DIR):
// with CPU_PROFILE_DIR set, SIGUSR2 starts V8's sampling profiler and the next SIGUSR2 stops it and
// writes `<dir>/server-<pid>-<n>.cpuprofile`. Unlike `node --cpu-prof`, which covers the whole
// process from its start, this leaves out start-up, the market's setup and the floors, so the profile
// holds the trades alone (`tsx scripts/profile-summary.ts <dir>` prints its table).
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";
import { logger } from "@/lib/server/log";

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T)));
  });
}

/** Listens for SIGUSR2 (start, then stop and write) when `dir` is set; returns a function that stops listening. */
export function profileOnSignal(dir: string | undefined): () => void {
  if (!dir) return () => undefined;
  mkdirSync(dir, { recursive: true });
  let session: Session | null = null;
  let count = 0;
  const toggle = () => {
    if (!session) {
      const started = new Session();
      started.connect();
      session = started;
      void post(started, "Profiler.enable")
        .then(() => post(started, "Profiler.setSamplingInterval", { interval: 500 }))
        .then(() => post(started, "Profiler.start"))
        .then(() => logger.warn({ dir }, "CPU profile started (SIGUSR2 again writes it)"))
        .catch((error: unknown) => logger.error({ err: error }, "CPU profile could not start"));
      return;
    }
    const running = session;
    session = null;
    count += 1;
    const file = path.join(dir, `server-${process.pid}-${count}.cpuprofile`);
    void post<{ profile: unknown }>(running, "Profiler.stop")
      .then(({ profile }) => {
        writeFileSync(file, JSON.stringify(profile), { mode: 0o600 });
        logger.warn({ file }, "CPU profile written");
      })
      .catch((error: unknown) => logger.error({ err: error }, "CPU profile could not be written"))
      .finally(() => running.disconnect());
  };
  process.on("SIGUSR2", toggle);
  return () => process.off("SIGUSR2", toggle);
}

// The demo must never be a door into a real deployment: a server reached beyond this machine
// (env.EXPOSED_BY) does not start while the database has enabled demo people, whose passwords were
// printed for a demo. prepare.ts and server.ts both check, before anything is built or served.
import { env } from "@/lib/env";
import { enabledDemoPeopleCount } from "./seed-demo-data";

export class DemoPeopleExposedError extends Error {
  override name = "DemoPeopleExposedError";
}

/** Throws DemoPeopleExposedError, saying exactly what to do, when enabled demo people would be served beyond this machine. */
export async function assertDemoPeopleStayLocal(): Promise<void> {
  if (env.EXPOSED_BY.length === 0) return;
  const enabled = await enabledDemoPeopleCount();
  if (enabled === 0) return;
  throw new DemoPeopleExposedError(
    [
      `Refusing to start: this database has ${enabled} enabled demo users (admin@example.com and others, whose passwords were printed for a demo),`,
      `and this server is reached beyond this machine: ${env.EXPOSED_BY.join("; ")}.`,
      "Either disable the demo users (their data stays):   npm run db:seed -- --disable-demo-users",
      "or keep serving this machine alone:                 HOST=127.0.0.1, with PUBLIC_URL on localhost and TRUST_PROXY unset.",
    ].join("\n"),
  );
}

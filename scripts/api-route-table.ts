// lib/server/http/api-route-table.ts is derived from the route files under app/api: every route
// module and its URL pattern, so that server.ts serves the API without
// going through Next's router (lib/server/http/serve-api.ts). `npm run api:routes` rewrites it; a
// unit test fails when it is out of date. next-auth's endpoints (/api/auth/[...nextauth]) stay with Next.
import { readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const ROUTE_TABLE_FILE = path.join("lib", "server", "http", "api-route-table.ts");
const API_DIR = path.join("app", "api");
/** next-auth's own endpoints (sign-in, sign-out, session, CSRF) are Next's. */
const LEFT_TO_NEXT = new Set([path.join(API_DIR, "auth", "[...nextauth]")]);

function routeFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const entry = path.join(dir, name);
    if (statSync(entry).isDirectory()) {
      if (LEFT_TO_NEXT.has(entry)) continue;
      found.push(...routeFiles(entry));
    } else if (name === "route.ts") found.push(entry);
  }
  return found;
}

export function deriveRouteTable(root: string): string {
  const files = routeFiles(path.join(root, API_DIR).replace(`${root}${path.sep}`, "")).map((f) => f.split(path.sep).join("/"));
  const lines = [
    "// GENERATED from the route files under app/api by scripts/api-route-table.ts – run `npm run api:routes`",
    "// after adding, moving or removing a route file.",
  ];
  const entries: string[] = [];
  files.forEach((file, index) => {
    const pattern = `/${path.posix.dirname(file).replace(/^app\//, "")}`;
    lines.push(`import * as route${index} from "@/${file.replace(/\.ts$/, "")}";`);
    entries.push(`  { pattern: ${JSON.stringify(pattern)}, module: route${index} },`);
  });
  lines.push("", "export const API_ROUTE_TABLE = [", ...entries, "] as const;", "");
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(ROUTE_TABLE_FILE, deriveRouteTable(process.cwd()));
  console.log(`Wrote ${ROUTE_TABLE_FILE}`);
}

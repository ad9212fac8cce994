// Bundles server.ts (the custom server: Next, graphql-ws, workers) and the code it imports into one
// ES module, `.next/server/custom-server.mjs`, that `npm start` runs with plain `node`: no TypeScript
// compiler at run time. Measured under the trade benchmark, running the server through tsx cost
// memory (its loader keeps every source and transform) and CPU; see the README's benchmark section.
// Packages stay outside the bundle and load from node_modules, as Next's own server does.
import { build } from "esbuild";
import path from "node:path";

export const SERVER_BUNDLE = path.join(".next", "server", "custom-server.mjs");

export async function buildServer(root: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: ["server.ts"],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: "tsconfig.json",
    sourcemap: "linked",
    logLevel: "warning",
    // A bundled ES module has no require; CommonJS packages imported by name still load through node.
    banner: { js: "import { createRequire as __tanCreateRequire } from 'node:module'; const require = __tanCreateRequire(import.meta.url);" },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer(process.cwd());
  console.log(`Wrote ${SERVER_BUNDLE}`);
}

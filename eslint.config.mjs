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
    // The browser is given compiled GraphQL documents (npm run graphql:documents), so it ships no parser.
    // Tests run in Node, where they may parse what the server would.
    files: ["app/**/*.tsx", "components/**", "lib/client/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "@apollo/client", importNames: ["gql"], message: "Write the operation in lib/client/graphql/portal-operations.graphql and run npm run graphql:documents." },
            { name: "graphql-tag", message: "Write the operation in lib/client/graphql/portal-operations.graphql and run npm run graphql:documents." },
            { name: "graphql", importNames: ["parse"], message: "The browser ships no GraphQL parser: compile documents with npm run graphql:documents." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/env.ts", "prisma.config.ts", "tests/**", "scripts/**", "e2e/**", "playwright.config.ts"],
    rules: { "no-restricted-properties": "off" },
  },
]);

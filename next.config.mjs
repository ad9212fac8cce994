import path from "node:path";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  turbopack: {
    // Apollo Client's production build in the browser (what its "production" export condition selects,
    // which Turbopack does not set): no development checks and warnings (README "Page weight").
    resolveAlias: {
      "@apollo/client/utilities/environment": { browser: "./node_modules/@apollo/client/utilities/environment/index.production.js" },
      "@apollo/client/utilities/internal": { browser: "./node_modules/@apollo/client/utilities/internal/index.production.js" },
    },
    rules: {
      // Redoc's browser bundle, patched to run under the pages' Content-Security-Policy (see the loader).
      "*.js": {
        condition: { all: ["browser", { path: /node_modules\/redoc\/bundles\/redoc\.browser\.lib\.js$/ }] },
        loaders: [path.resolve("scripts/loaders/redoc-csp-loader.cjs")],
      },
    },
  },
  poweredByHeader: false,
  // Constants exported by one module are inlined where others use them, so that the code behind
  // Apollo's `__DEV__` (false in its production build) is removed: about 2.5 KB where Apollo loads.
  experimental: { turbopackCrossModuleConstants: true },
  // Native and Node-only packages stay out of the bundles and load from node_modules at run time.
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "@prisma/client",
    "pg",
    "pino",
    "ws",
    "secp256k1",
    // The metrics registry lives on globalThis (lib/server/metrics/metrics.ts): one copy of the package for the server and Next's bundles.
    "prom-client",
  ],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;

import path from "node:path";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  turbopack: {
    rules: {
      // Redoc's browser bundle, patched to run under the pages' Content-Security-Policy (see the loader).
      "*.js": {
        condition: { all: ["browser", { path: /node_modules\/redoc\/bundles\/redoc\.browser\.lib\.js$/ }] },
        loaders: [path.resolve("scripts/loaders/redoc-csp-loader.cjs")],
      },
    },
  },
  poweredByHeader: false,
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

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { deriveRouteTable, ROUTE_TABLE_FILE } from "./api-route-table";

describe("lib/server/http/api-route-table.ts", () => {
  it("lists every route file under app/api but next-auth's (npm run api:routes)", () => {
    expect(readFileSync(ROUTE_TABLE_FILE, "utf8")).toBe(deriveRouteTable(process.cwd()));
  });
});

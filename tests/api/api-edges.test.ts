// The API keeps its contract at the edges (serve-api.ts): an unknown path under /api is a problem
// document, never Next's HTML page; a known path with another method is 405 with Allow; OPTIONS
// answers Allow; HEAD is GET without the body; every answer carries the API's security headers.
import { describe, expect, it } from "vitest";
import { checkContract } from "./contract";
import { adminToken, baseUrl, call, problemOf } from "./helpers";

describe("the edges of /api", () => {
  it("answers an unknown path under /api with a 404 problem document naming the path, with or without credentials", async () => {
    for (const [method, path] of [
      ["GET", "/api/nothing-here"],
      ["POST", "/api/router/finapi/no-such-operation"],
      ["GET", "/api/adapter/assets/hold/extra"],
      ["DELETE", "/api/router"],
    ] as const) {
      for (const token of [null, adminToken()]) {
        const response = await call(method, path, { token, body: method === "POST" ? {} : undefined });
        expect(response.status, `${method} ${path}`).toBe(404);
        const problem = await problemOf(response);
        expect(problem).toMatchObject({ status: 404, code: "NOT_FOUND", instance: path });
        expect(problem.detail).toContain(path);
      }
    }
  });

  it("answers a known path with a method it does not take with 405, Allow and a problem document", async () => {
    for (const [method, path, allow] of [
      ["GET", "/api/adapter/assets/hold", "POST, OPTIONS"],
      ["DELETE", "/api/router/admin/users", "GET, POST, HEAD, OPTIONS"],
      ["PUT", "/api/health", "GET, HEAD, OPTIONS"],
      ["POST", "/api/router/finapi/profiles", "GET, HEAD, OPTIONS"],
    ] as const) {
      const response = await call(method, path, { token: adminToken() });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("allow")).toBe(allow);
      expect(await problemOf(response)).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED", instance: path });
    }
  });

  it("answers OPTIONS with Allow and no body, HEAD like GET without the body", async () => {
    const options = await call("OPTIONS", "/api/router/admin/users");
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(await options.text()).toBe("");
    const head = await call("HEAD", "/api/health");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toContain("application/json");
    expect(await head.text()).toBe("");
  });

  it("redirects a trailing slash to the one spelling, keeping the query", async () => {
    const response = await fetch(`${baseUrl()}/api/health/?x=1`, { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/api/health?x=1");
  });

  it("refuses a path that is not percent-encoded UTF-8 with a 400 problem document", async () => {
    const response = await call("GET", "/api/router/finapi/profiles/%E0%A4%A");
    expect(response.status).toBe(400);
    expect((await problemOf(response)).code).toBe("INVALID_ID");
  });

  it("gives every API answer, problem or not, a strict Content-Security-Policy and the other security headers", async () => {
    for (const response of [await call("GET", "/api/health"), await call("GET", "/api/nothing-here"), await call("GET", "/api/adapter/assets/hold")]) {
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
    }
  });

});

describe("the contract check every API test's calls go through", () => {
  const url = (path: string) => `http://127.0.0.1${path}`;
  const json = (body: unknown, status = 200, type = "application/json") => new Response(JSON.stringify(body), { status, headers: { "content-type": type } });

  it("passes an answer the documents declare", async () => {
    const health = { status: "ok", version: "1", database: "up", process: { host: "node-1", pid: 42, worker: null }, events: { listener: "in-process", publisher: true } };
    await expect(checkContract("GET", url("/api/health"), json(health))).resolves.toBeUndefined();
  });

  it("names the operation and the mismatch: an undeclared status, another content type, a body off its schema, an HTML 404", async () => {
    await expect(checkContract("GET", url("/api/health"), json({ status: "ok", version: "1", database: "up" }, 201))).rejects.toThrow(/GET \/api\/health \(node: health\): status 201 is not declared/);
    await expect(checkContract("GET", url("/api/health"), new Response("ok", { headers: { "content-type": "text/plain" } }))).rejects.toThrow(/content type text\/plain is not declared/);
    await expect(checkContract("GET", url("/api/health"), json({ status: "fine", version: "1", database: "up" }))).rejects.toThrow(/\/status must be equal to one of the allowed values/);
    await expect(checkContract("GET", url("/api/router/finapi/profiles"), json({ profiles: [{ id: "x" }] }))).rejects.toThrow(/router: listOwnProfiles/);
    await expect(checkContract("GET", url("/api/no-such-thing"), new Response("<html>", { status: 404, headers: { "content-type": "text/html" } }))).rejects.toThrow(/not a problem document/);
    await expect(checkContract("GET", url("/api/adapter/assets/hold"), json({}, 405, "application/problem+json"))).rejects.toThrow(/405 without Allow/);
  });
});

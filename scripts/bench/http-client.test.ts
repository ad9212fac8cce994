import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HttpClient, unansweredReason } from "./http-client";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listening(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the benchmark's HTTP client", () => {
  it("answers status 0 with the deadline's reason when the server never answers", async () => {
    const url = await listening(() => undefined);
    const client = new HttpClient(url, 1);
    const answer = await client.send("POST", "/execute", { body: "{}", timeoutMs: 50 });
    client.close();
    expect(answer.status).toBe(0);
    expect(unansweredReason(answer.text)).toBe("no answer by the deadline");
  });

  it("answers status 0 with the socket's error when the connection fails", async () => {
    const url = await listening((req) => req.socket.destroy());
    const client = new HttpClient(url, 1);
    const answer = await client.send("GET", "/");
    client.close();
    expect(answer.status).toBe(0);
    expect(unansweredReason(answer.text)).toBe("socket hang up");
  });

  it("sends a request again, once, when the kept-alive connection it went out on was closed by the server", async () => {
    // The server answers one request per connection and closes the connection at the next one's
    // arrival, before answering: what a server's idle timeout does when it races the client's reuse.
    const served = new WeakSet<object>();
    const url = await listening((req, res) => {
      if (served.has(req.socket)) {
        req.socket.destroy();
        return;
      }
      served.add(req.socket);
      res.end("ok");
    });
    const client = new HttpClient(url, 1);
    const first = await client.send("POST", "/execute", { body: "{}" });
    const second = await client.send("POST", "/execute", { body: "{}", timeoutMs: 5_000 });
    client.close();
    expect([first.status, second.status, second.text]).toEqual([200, 200, "ok"]);
    expect(client.resent).toBe(1);
  });

  it("does not send again a request whose fresh connection failed", async () => {
    const url = await listening((req) => req.socket.destroy());
    const client = new HttpClient(url, 1);
    const answer = await client.send("POST", "/execute", { body: "{}" });
    client.close();
    expect(answer.status).toBe(0);
    expect(client.resent).toBe(0);
  });

  it("keeps a reason short and never empty", () => {
    expect(unansweredReason("")).toBe("socket failed");
    expect(unansweredReason(`read ECONNRESET ${"x".repeat(200)}`)).toHaveLength(80);
    expect(unansweredReason("no answer in 10000 ms")).toBe(unansweredReason("no answer in 250 ms"));
  });
});

// The benchmark's floor for HTTP (scripts/bench/floors.ts): bare node:http answering a small JSON
// POST with a small JSON, nothing else. Prints its port on the first line of stdout.
import { createServer } from "node:http";

const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    let n = null;
    try {
      n = JSON.parse(Buffer.concat(chunks).toString("utf8")).n ?? null;
    } catch {
      res.writeHead(400).end();
      return;
    }
    const body = JSON.stringify({ ok: true, n });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));

// Listening on one port through several sockets, so that a busy process still takes new connections.
//
// libuv accepts one connection per turn of the event loop and each listening socket (libuv/libuv
// #3696; the same in Node.js 20 and 24, measured here). Under load a turn of this server's loop
// takes tens of milliseconds (every ready socket's requests and their promise work run in it), so a
// single listening socket took about 30 new connections a second: at twice the capacity the
// benchmark's new connections waited up to 6 s in the kernel's accept queue before the server saw
// their first byte, while the connections it already had were served in milliseconds.
//
// With SO_REUSEPORT (Linux 3.9+, Node.js 22.12+), `acceptors` sockets are bound to the same address
// and port; the kernel spreads new connections over them and the loop accepts one from each in every
// turn. The extra sockets hand what they accept to the one HTTP server (its `connection` event), so
// timeouts, keep-alive, upgrades and closing stay the server's.
//
// SO_REUSEPORT would also let another process bind the same port silently and take a share of its
// connections. Before binding, the port is therefore bound once without it (`probe`): while any
// process listens there, that fails with EADDRINUSE, as a plain listen does, and this process does
// not start.
import { createServer as createNetServer, type Server as NetServer } from "node:net";
import type { Server as HttpServer } from "node:http";

export type Listening = {
  /** The port bound (the one asked for, or the one the system chose for port 0). */
  port: number;
  /**
   * Closes the extra sockets (the HTTP server's own is closed by server.close()); resolves once the
   * connections they accepted have ended too, which server.close() does not wait for: each
   * connection counts in the socket that accepted it.
   */
  closeAcceptors: () => Promise<void>;
};

function listenOn(server: NetServer | HttpServer, options: { port: number; host: string; reusePort: boolean; backlog: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once("error", failed);
    server.listen({ port: options.port, host: options.host, reusePort: options.reusePort, backlog: options.backlog }, () => {
      server.off("error", failed);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : options.port);
    });
  });
}

/** Binds the port without SO_REUSEPORT and lets it go: EADDRINUSE when another process listens there. */
async function probe(port: number, host: string): Promise<number> {
  const server = createNetServer();
  const bound = await listenOn(server, { port, host, reusePort: false, backlog: 1 });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return bound;
}

/**
 * Listens `server` on `host:port` through `acceptors` sockets (1: one plain socket, as
 * server.listen does). Rejects as a plain listen would (EADDRINUSE, EACCES…), with nothing left open.
 */
export async function listenWithAcceptors(server: HttpServer, options: { port: number; host: string; acceptors: number; backlog?: number }): Promise<Listening> {
  const backlog = options.backlog ?? 511;
  if (options.acceptors <= 1) {
    const port = await listenOn(server, { port: options.port, host: options.host, reusePort: false, backlog });
    return { port, closeAcceptors: async () => {} };
  }
  const port = await probe(options.port, options.host);
  await listenOn(server, { port, host: options.host, reusePort: true, backlog });
  const extra: NetServer[] = [];
  const closeAcceptors = () => Promise.all(extra.map((acceptor) => new Promise<void>((resolve) => acceptor.close(() => resolve())))).then(() => {});
  try {
    for (let i = 1; i < options.acceptors; i++) {
      // As http.Server sets its own accepted sockets: Nagle's algorithm off (with it on, a small
      // answer written in two pieces waits for the client's delayed ACK, up to 40 ms).
      const acceptor = createNetServer({ noDelay: true }, (socket) => server.emit("connection", socket));
      await listenOn(acceptor, { port, host: options.host, reusePort: true, backlog });
      extra.push(acceptor);
    }
  } catch (error) {
    await closeAcceptors();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  return { port, closeAcceptors };
}

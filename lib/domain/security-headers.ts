// The browser policy of this node's answers (README, Security). Pages get a Content-Security-Policy
// with a fresh nonce per request for Next's scripts (no inline script runs without it, nothing is
// evaluated from strings, nothing loads from another origin), API answers one that allows nothing at
// all (they are data, never rendered). HSTS only when the node is reached over HTTPS.

/** API answers (JSON, problem documents, downloads, metrics): a browser may render or run nothing of them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** One year; without includeSubDomains, since this node need not own its parent domain's other hosts. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/** A nonce for one answer: 128 random bits, base64 (CSP's nonce-source grammar). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export type PagePolicyOptions = {
  nonce: string;
  /** `host[:port]` the page was asked for: the GraphQL socket connects back to it. */
  host: string;
  /** Whether the page came over HTTPS (the socket is then wss:). */
  secure: boolean;
  /** `next dev` needs eval for React's debugging aids and a socket for hot reload; production never. */
  dev: boolean;
};

/**
 * The pages' policy. Scripts: only those carrying this answer's nonce, and what they load
 * ('strict-dynamic': Next's chunks); styles: this origin's files and style elements carrying the
 * nonce (the API reference makes its styles in the browser and reads the nonce from a meta element),
 * and style attributes;
 * connections: this origin and its WebSocket only.
 */
export function pageContentSecurityPolicy({ nonce, host, secure, dev }: PagePolicyOptions): string {
  const socket = `${secure ? "wss" : "ws"}://${host}`;
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    // Style attributes (React's style props, a library's element.setAttribute("style")) cannot run code.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${socket}`,
    "worker-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
  ];
  if (secure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

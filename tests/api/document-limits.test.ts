// GET /api/router/documents/limits: what a certificate upload accepts, as the portal reads it before
// sending a file. The answer follows UPLOAD_LIMIT_BYTES, and the limit it reports is the one the
// upload enforces, byte for byte.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_MIME_TYPES } from "@/lib/domain/documents";
import { signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";
import { call, callAt, createUser, createUserAt, problemOf } from "./helpers";
import { inSeconds, newKey } from "./escrow-client";
import { startTestServer, type TestServer } from "./test-server";

const LIMITS = "/api/router/documents/limits";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A "PNG" of exactly `size` bytes: the signature, then zeros (the server checks the leading bytes). */
function pngOf(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return bytes;
}

describe("document limits", () => {
  it("answers any signed-in caller with the default limit, the accepted types and the per-certificate count", async () => {
    const investor = await createUser("investor");
    const response = await call("GET", LIMITS, { token: investor.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ maxBytes: 10 * 1024 * 1024, mimeTypes: [...DOCUMENT_MIME_TYPES], perCertificateMax: 20 });
  });

  it("is refused without credentials", async () => {
    const response = await call("GET", LIMITS);
    expect(response.status).toBe(401);
    expect((await problemOf(response)).code).toBe("UNAUTHENTICATED");
  });

  describe("with UPLOAD_LIMIT_BYTES set", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ UPLOAD_LIMIT_BYTES: "2048" });
    }, 120_000);
    afterAll(async () => {
      await server.dispose();
    });

    it("reports that limit, and the upload accepts exactly it and refuses one byte more", async () => {
      const owner = await createUserAt(server, "investor");
      const limits = (await (await callAt(server.baseUrl, "GET", LIMITS, { token: owner.token })).json()) as { maxBytes: number };
      expect(limits.maxBytes).toBe(2048);

      const key = newKey();
      const created = await callAt(server.baseUrl, "POST", "/api/router/finapi/profiles/owner", {
        token: owner.token,
        body: { publicKey: key.finId, signature: signHash(profileProofHash(key.finId), key.privateKey) },
      });
      const profileId = ((await created.json()) as { response: { id: string } }).response.id;
      const certificate = await callAt(server.baseUrl, "POST", `/api/router/finapi/profiles/${profileId}/certificates`, {
        token: owner.token,
        body: {
          type: "KYC/AML",
          issuanceDate: inSeconds(-86_400),
          expirationDate: inSeconds(365 * 86_400),
          data: JSON.stringify({ name: "Alice Example", country: "DE", info: [] }),
        },
      });
      const certificateId = ((await certificate.json()) as { id: string }).id;
      const upload = (size: number) => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(pngOf(size))], { type: "image/png" }), "scan.png");
        return fetch(`${server.baseUrl}/api/router/finapi/profiles/${profileId}/certificates/${certificateId}`, {
          method: "POST",
          headers: { authorization: `Bearer ${owner.token}` },
          body: form,
        });
      };
      const atLimit = await upload(limits.maxBytes);
      expect(atLimit.status, await atLimit.clone().text()).toBe(200);
      expect(await atLimit.json()).toMatchObject({ size: 2048, mimeType: "image/png" });
      const over = await upload(limits.maxBytes + 1);
      expect(over.status).toBe(413);
      expect((await problemOf(over)).code).toBe("PAYLOAD_TOO_LARGE");
    });
  });
});

// Profiles, certificates, documents and sharing over HTTP: certificates validated by type, uploads
// checked for size and type and kept on disk, downloads byte for byte, and who may read what
// (owner, admin, an organization the profile is shared with or that already serves it, nobody else),
// with nothing written on any refusal.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { makeId } from "@/lib/domain/ids";
import { signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";
import { adminToken, baseUrl, call, callOversized, countRows, createUser, problemOf, queryRows } from "./helpers";
import { inSeconds, newKey } from "./escrow-client";
import { sqliteFileOf } from "@/lib/database-url";

const ROUTER = "/api/router/finapi/profiles";
const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024; // the default of UPLOAD_LIMIT_BYTES

// A real 1×1 PNG, a minimal PDF and some UTF-8 text.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n", "latin1");
const TEXT = Buffer.from("Bescheinigung über die Identität\nline 2\n", "utf8");

const ownerInfo = { email: "alice@example.com", name: "Alice Example", type: "individual" };
const compliance = { name: "Alice Example", country: "DE", info: [{ type: "text", name: "provider", value: "KYC Co" }] };
const certificate = (type: string, data: unknown, dates = { issuanceDate: inSeconds(-86_400), expirationDate: inSeconds(365 * 86_400) }) => ({
  type,
  ...dates,
  data: JSON.stringify(data),
});

type CertificateView = {
  id: string;
  type: string;
  issuanceDate: number;
  expirationDate: number;
  data: string;
  expired: boolean;
  status: string;
  documents: { id: string; name: string; mimeType: string; size: number; sha256: string; createdAt: number }[];
};

let owner: { id: string; token: string };
let stranger: { id: string; token: string };
/** An escrow operator acts for the built-in escrow organization (organizationId "escrow"). */
let escrowUser: { id: string; token: string };

beforeAll(async () => {
  [owner, stranger, escrowUser] = await Promise.all([createUser("investor"), createUser("investor"), createUser("escrowOperator")]);
});

async function newProfile(token = owner.token): Promise<string> {
  const key = newKey();
  const response = await call("POST", `${ROUTER}/owner`, {
    token,
    body: { publicKey: key.finId, signature: signHash(profileProofHash(key.finId), key.privateKey) },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { response: { id: string } }).response.id;
}

async function attach(profileId: string, body: unknown, token = owner.token): Promise<Response> {
  return call("POST", `${ROUTER}/${profileId}/certificates`, { token, body });
}

async function attached(profileId: string, body: unknown = certificate("KYC/AML", compliance)): Promise<string> {
  const response = await attach(profileId, body);
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

type FilePart = { bytes: Uint8Array; type: string; name: string; field?: string };

async function upload(profileId: string, certificateId: string, files: FilePart | FilePart[], token = owner.token): Promise<Response> {
  const form = new FormData();
  for (const f of [files].flat()) form.append(f.field ?? "file", new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return fetch(`${baseUrl()}${ROUTER}/${profileId}/certificates/${certificateId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function listCertificates(profileId: string, token = owner.token) {
  const response = await call("GET", `${ROUTER}/${profileId}/certificates`, { token });
  return { status: response.status, body: (await response.json()) as { certificates: CertificateView[] } };
}

const download = (profileId: string, documentId: string, token = owner.token) =>
  call("GET", `${ROUTER}/${profileId}/documents/${documentId}`, { token });

const share = (profileId: string, organizations: unknown, token = owner.token) =>
  call("POST", `/api/router/profiles/${profileId}/share`, { token, body: { organizations } });

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The server keeps documents under $DATA_DIR/documents; the test server's SQLite file is in DATA_DIR. */
function documentsDir(): string | null {
  const file = sqliteFileOf(inject("databaseUrl"));
  return file === null ? null : path.join(path.dirname(file), "documents");
}

function storedFiles(): string[] {
  const dir = documentsDir();
  return dir && existsSync(dir) ? readdirSync(dir).sort() : [];
}

async function documentRowsOf(certificateId: string) {
  return queryRows<{ id: string; storageName: string; size: number }>(
    `SELECT "id", "storageName", "size" FROM "Document" WHERE "certificateId" = $1`,
    [certificateId],
  );
}

describe("attaching certificates", () => {
  it("attaches each type, and lists them in order with their status", async () => {
    const profileId = await newProfile();
    const bodies = [certificate("ownerInfo", ownerInfo), certificate("KYC/AML", compliance), certificate("Accreditation", compliance)];
    const ids: string[] = [];
    for (const body of bodies) {
      const response = await attach(profileId, body);
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: string };
      expect(id).toMatch(/^node:103:[0-9a-f-]{36}$/);
      ids.push(id);
    }
    const list = await listCertificates(profileId);
    expect(list.status).toBe(200);
    expect(list.body.certificates).toEqual(bodies.map((b, i) => ({ id: ids[i], ...b, expired: false, status: "valid", documents: [] })));
    const one = await call("GET", `${ROUTER}/${profileId}/certificates/${ids[1]}`, { token: owner.token });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(list.body.certificates[1]);
    const audit = await queryRows(`SELECT "action" FROM "AuditLog" WHERE "subjectId" = $1`, [ids[0]]);
    expect(audit).toEqual([{ action: "certificate.attached" }]);
  });

  it("reports a certificate whose expirationDate has passed as expired", async () => {
    const profileId = await newProfile();
    await attached(profileId, certificate("Accreditation", compliance, { issuanceDate: inSeconds(-7200), expirationDate: inSeconds(-60) }));
    const [only] = (await listCertificates(profileId)).body.certificates;
    expect(only).toMatchObject({ type: "Accreditation", expired: true, status: "expired" });
  });

  it("refuses data that does not fit the type (400, naming the field inside data) and writes nothing", async () => {
    const profileId = await newProfile();
    const before = await countRows("Certificate");
    const cases: [unknown, string][] = [
      [certificate("KYC/AML", { ...compliance, country: "XX" }), "data.country"],
      [certificate("Accreditation", { ...compliance, info: [{ type: "html", name: "x", value: "y" }] }), "data.info.0.type"],
      [certificate("ownerInfo", { ...ownerInfo, email: "not-an-email" }), "data.email"],
      [certificate("ownerInfo", compliance), "data.email"],
      [{ ...certificate("ownerInfo", ownerInfo), data: "{not json" }, "data"],
      [certificate("Passport", ownerInfo), "type"],
      [certificate("KYC/AML", compliance, { issuanceDate: 1_800_000_000, expirationDate: 1_700_000_000 }), "expirationDate"],
    ];
    for (const [body, field] of cases) {
      const response = await attach(profileId, body);
      expect(response.status, field).toBe(400);
      const problem = await problemOf(response);
      expect(problem.code).toBe("VALIDATION_FAILED");
      expect(problem.errors.map((e) => e.path)).toContain(field);
    }
    expect(await countRows("Certificate")).toBe(before);
  });
});

describe("documents", () => {
  it("stores an uploaded PNG, PDF and text file, and gives each back byte for byte", async () => {
    const profileId = await newProfile();
    const certificateId = await attached(profileId);
    const files: FilePart[] = [
      { bytes: PNG, type: "image/png", name: "scan.png" },
      { bytes: PDF, type: "application/pdf", name: "C:\\Users\\alice\\Reisepass – Kopie.pdf" },
      { bytes: TEXT, type: "text/plain; charset=utf-8", name: "notes.txt", field: "attachment" },
    ];
    const expectedNames = ["scan.png", "Reisepass – Kopie.pdf", "notes.txt"];
    const expectedTypes = ["image/png", "application/pdf", "text/plain"];
    const uploaded: { id: string; name: string; mimeType: string; size: number; sha256: string }[] = [];
    for (const [i, file] of files.entries()) {
      const response = await upload(profileId, certificateId, file);
      expect(response.status).toBe(200);
      const body = (await response.json()) as (typeof uploaded)[number];
      expect(body).toEqual({
        id: expect.stringMatching(/^node:104:[0-9a-f-]{36}$/),
        name: expectedNames[i],
        mimeType: expectedTypes[i],
        size: file.bytes.byteLength,
        sha256: sha256(file.bytes),
      });
      uploaded.push(body);
    }

    const rows = await documentRowsOf(certificateId);
    expect(rows.map((r) => r.id).sort()).toEqual(uploaded.map((u) => u.id).sort());
    const dir = documentsDir();
    if (dir) {
      for (const row of rows) {
        const file = path.join(dir, row.storageName);
        expect(readFileSync(file).byteLength).toBe(row.size);
        expect(statSync(file).mode & 0o777).toBe(0o600);
      }
    }

    const [listed] = (await listCertificates(profileId)).body.certificates;
    expect(listed?.documents).toEqual(uploaded.map((u) => ({ ...u, createdAt: expect.any(Number) })));
    expect(Math.abs((listed?.documents[0]?.createdAt ?? 0) - inSeconds(0))).toBeLessThan(60);

    for (const [i, file] of files.entries()) {
      const response = await download(profileId, uploaded[i]!.id);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(file.bytes))).toBe(true);
      expect(response.headers.get("content-type")).toBe(expectedTypes[i]);
      // Next's sendResponse drops Content-Length from route-handler responses (it sends them chunked).
      expect([null, String(file.bytes.byteLength)]).toContain(response.headers.get("content-length"));
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(expectedNames[i]!)}`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("refuses an upload over the size limit (413), with or without Content-Length, and writes nothing", async () => {
    const profileId = await newProfile();
    const certificateId = await attached(profileId);
    const [documentsBefore, filesBefore] = [await countRows("Document"), storedFiles()];

    const justOver = new Uint8Array(UPLOAD_LIMIT_BYTES + 1).fill(0x61);
    const declared = await upload(profileId, certificateId, { bytes: justOver, type: "text/plain", name: "big.txt" });
    expect(declared.status).toBe(413);
    expect(await problemOf(declared)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });

    // A chunked body (no Content-Length) that goes on past the limit.
    const boundary = `----test${randomUUID()}`;
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    const chunk = new Uint8Array(1024 * 1024).fill(0x62);
    // 12 MiB streamed without a length: the server counts while reading and answers at the limit.
    const chunked = await callOversized("POST", `${ROUTER}/${profileId}/certificates/${certificateId}`, {
      token: owner.token,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: [head, ...Array.from({ length: 12 }, () => chunk)],
    });
    expect(chunked.status).toBe(413);

    expect(await countRows("Document")).toBe(documentsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("refuses what is not one accepted file: 415 for the wrong media type, 422 for content that is not the declared type, 400 for no, two or empty files", async () => {
    const profileId = await newProfile();
    const certificateId = await attached(profileId);
    const [documentsBefore, filesBefore] = [await countRows("Document"), storedFiles()];
    const url = `${ROUTER}/${profileId}/certificates/${certificateId}`;

    const json = await call("POST", url, { token: owner.token, body: { file: "x" } });
    expect(json.status).toBe(415);
    expect(await problemOf(json)).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });

    const cases: [FilePart | FilePart[], number, string][] = [
      [{ bytes: Buffer.from("<script>alert(1)</script>"), type: "text/html", name: "page.html" }, 415, "UNSUPPORTED_MEDIA_TYPE"],
      [{ bytes: PNG, type: "application/octet-stream", name: "scan.png" }, 415, "UNSUPPORTED_MEDIA_TYPE"],
      [{ bytes: Buffer.from("I am not a PNG"), type: "image/png", name: "fake.png" }, 422, "UNPROCESSABLE"],
      [{ bytes: PNG, type: "application/pdf", name: "scan.pdf" }, 422, "UNPROCESSABLE"],
      [{ bytes: PDF, type: "text/plain", name: "doc.txt" }, 422, "UNPROCESSABLE"],
      [{ bytes: Buffer.from("{not json"), type: "application/json", name: "data.json" }, 422, "UNPROCESSABLE"],
      [{ bytes: new Uint8Array(), type: "text/plain", name: "empty.txt" }, 400, "VALIDATION_FAILED"],
      [[{ bytes: PNG, type: "image/png", name: "a.png" }, { bytes: PDF, type: "application/pdf", name: "b.pdf" }], 400, "VALIDATION_FAILED"],
    ];
    for (const [files, status, code] of cases) {
      const response = await upload(profileId, certificateId, files);
      expect(response.status, JSON.stringify([files].flat().map((f) => f.name))).toBe(status);
      const problem = await problemOf(response);
      expect(problem.code).toBe(code);
      expect(problem.errors).toEqual([expect.objectContaining({ in: "body", path: "file" })]);
    }

    const form = new FormData();
    form.append("note", "no file here");
    const noFile = await fetch(`${baseUrl()}${url}`, { method: "POST", headers: { authorization: `Bearer ${owner.token}` }, body: form });
    expect(noFile.status).toBe(400);
    expect((await problemOf(noFile)).errors).toEqual([expect.objectContaining({ path: "file", message: expect.stringMatching(/is required/) })]);

    expect(await countRows("Document")).toBe(documentsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("removes the stored file again when the database refuses the document (at most 20 per certificate)", async () => {
    const profileId = await newProfile();
    const certificateId = await attached(profileId);
    for (let i = 0; i < 20; i += 1) {
      expect((await upload(profileId, certificateId, { bytes: PNG, type: "image/png", name: `page-${i}.png` })).status).toBe(200);
    }
    const [documentsBefore, filesBefore] = [await countRows("Document"), storedFiles()];
    const refused = await upload(profileId, certificateId, { bytes: PNG, type: "image/png", name: "page-20.png" });
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).detail).toMatch(/at most 20 documents/);
    expect(await countRows("Document")).toBe(documentsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("answers 404 for a certificate or document of another profile, and 400 for a malformed id", async () => {
    const profileId = await newProfile();
    const otherProfileId = await newProfile();
    const otherCertificateId = await attached(otherProfileId);
    const otherDocument = (await (await upload(otherProfileId, otherCertificateId, { bytes: PNG, type: "image/png", name: "a.png" })).json()) as {
      id: string;
    };
    expect((await upload(profileId, otherCertificateId, { bytes: PNG, type: "image/png", name: "a.png" })).status).toBe(404);
    expect((await call("GET", `${ROUTER}/${profileId}/certificates/${otherCertificateId}`, { token: owner.token })).status).toBe(404);
    expect((await download(profileId, otherDocument.id)).status).toBe(404);
    expect((await download(profileId, makeId("node", "document"))).status).toBe(404);

    for (const urlPath of [
      `${ROUTER}/not-a-profile/certificates`,
      `${ROUTER}/${profileId}/certificates/${makeId("node", "document")}`,
      `${ROUTER}/${profileId}/documents/${otherCertificateId}`,
      `${ROUTER}/node:101:nope`,
    ]) {
      const response = await call("GET", urlPath, { token: owner.token });
      expect(response.status, urlPath).toBe(400);
      expect((await problemOf(response)).code).toBe("INVALID_ID");
    }
    const badUpload = await upload(profileId, "node:103:x", { bytes: PNG, type: "image/png", name: "a.png" });
    expect(badUpload.status).toBe(400);
    expect((await problemOf(badUpload)).errors).toEqual([expect.objectContaining({ in: "params", path: "certificateId" })]);
  });
});

describe("who may read and write", () => {
  it("gives another investor 404 on every read and write, and writes nothing for it", async () => {
    const profileId = await newProfile();
    const certificateId = await attached(profileId);
    const documentId = ((await (await upload(profileId, certificateId, { bytes: PNG, type: "image/png", name: "a.png" })).json()) as { id: string }).id;
    const counts = async () => Promise.all(["Certificate", "Document", "ProfileShare"].map((t) => countRows(t)));
    const before = await counts();
    const token = stranger.token;
    const responses = [
      await call("GET", `${ROUTER}/${profileId}`, { token }),
      (await listCertificates(profileId, token)).status,
      await call("GET", `${ROUTER}/${profileId}/certificates/${certificateId}`, { token }),
      await download(profileId, documentId, token),
      await attach(profileId, certificate("ownerInfo", ownerInfo), token),
      await upload(profileId, certificateId, { bytes: PNG, type: "image/png", name: "b.png" }, token),
      await share(profileId, ["escrow"], token),
    ];
    expect(responses.map((r) => (typeof r === "number" ? r : r.status))).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(await counts()).toEqual(before);
    expect((await call("GET", `${ROUTER}/${profileId}/certificates`)).status).toBe(401);
  });

  it("lets an admin read certificates and documents, but not act for the owner", async () => {
    const profileId = await newProfile();
    const certificateId = await attached(profileId);
    const documentId = ((await (await upload(profileId, certificateId, { bytes: PDF, type: "application/pdf", name: "a.pdf" })).json()) as { id: string }).id;
    const list = await listCertificates(profileId, adminToken());
    expect(list.status).toBe(200);
    expect(list.body.certificates.map((c) => c.id)).toEqual([certificateId]);
    const fetched = await download(profileId, documentId, adminToken());
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await call("GET", `${ROUTER}/${profileId}`, { token: adminToken() })).status).toBe(200);
    expect((await attach(profileId, certificate("ownerInfo", ownerInfo), adminToken())).status).toBe(404);
    expect((await share(profileId, ["escrow"], adminToken())).status).toBe(404);
  });
});

describe("sharing a profile", () => {
  it("lets the escrow organization read certificates and documents once shared, not before", async () => {
    const profileId = await newProfile();
    const certificateId = await attached(profileId);
    const documentId = ((await (await upload(profileId, certificateId, { bytes: TEXT, type: "text/plain", name: "a.txt" })).json()) as { id: string }).id;
    const token = escrowUser.token;
    expect((await listCertificates(profileId, token)).status).toBe(404);
    expect((await download(profileId, documentId, token)).status).toBe(404);
    expect((await call("GET", `${ROUTER}/${profileId}`, { token })).status).toBe(404);

    const shared = await share(profileId, ["escrow"]);
    expect(shared.status).toBe(204);
    expect(await shared.text()).toBe("");

    const list = await listCertificates(profileId, token);
    expect(list.status).toBe(200);
    expect(list.body.certificates.map((c) => c.id)).toEqual([certificateId]);
    const fetched = await download(profileId, documentId, token);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(TEXT)).toBe(true);
    // Reading is all it may do.
    expect((await attach(profileId, certificate("ownerInfo", ownerInfo), token)).status).toBe(404);

    const profile = await call("GET", `${ROUTER}/${profileId}`, { token });
    expect(await profile.json()).toEqual({ id: profileId, finId: expect.stringMatching(/^0[23][0-9a-f]{64}$/), createdAt: expect.any(Number), sharedWith: ["escrow"] });
    // The other investor still sees nothing.
    expect((await listCertificates(profileId, stranger.token)).status).toBe(404);
  });

  it("lets a payment organization that already serves the profile read it without a share (interface.md step 2), and no other", async () => {
    const profileId = await newProfile();
    const certificateId = await attached(profileId);
    const documentId = ((await (await upload(profileId, certificateId, { bytes: TEXT, type: "text/plain", name: "b.txt" })).json()) as { id: string }).id;
    const otherOrg = `other-${randomUUID().slice(0, 8)}`;
    expect(
      (
        await call("POST", "/api/router/admin/organizations", {
          token: adminToken(),
          body: { id: otherOrg, name: "Other Bank", kind: "escrow", adapterUrl: "https://adapter.other-bank.example/api", adapterToken: `token-${randomUUID()}` },
        })
      ).status,
    ).toBe(201);
    const otherOperator = await createUser("escrowOperator", { organizationId: otherOrg });
    expect((await listCertificates(profileId, escrowUser.token)).status).toBe(404);

    // The owner asks the built-in escrow for deposit instructions: it now serves this profile.
    const profile = (await (await call("GET", `${ROUTER}/${profileId}`, { token: owner.token })).json()) as { finId: string };
    const deposit = await call("POST", "/api/router/finapi/payments/deposit", {
      token: owner.token,
      body: { profileId, amount: "10", account: { account: { type: "finId", finId: profile.finId, orgId: "escrow" }, asset: { type: "fiat", code: "USD" } } },
    });
    expect(deposit.status, await deposit.clone().text()).toBe(200);

    const list = await listCertificates(profileId, escrowUser.token);
    expect(list.status).toBe(200);
    expect(list.body.certificates.map((c) => c.id)).toEqual([certificateId]);
    expect((await download(profileId, documentId, escrowUser.token)).status).toBe(200);
    expect((await call("GET", `${ROUTER}/${profileId}`, { token: escrowUser.token })).status).toBe(200);
    // Reading is all it may do; a payment organization that does not serve the profile sees nothing.
    expect((await attach(profileId, certificate("ownerInfo", ownerInfo), escrowUser.token)).status).toBe(404);
    expect((await listCertificates(profileId, otherOperator.token)).status).toBe(404);
    expect((await download(profileId, documentId, otherOperator.token)).status).toBe(404);
  });

  it("is harmless to repeat", async () => {
    const profileId = await newProfile();
    expect((await share(profileId, ["escrow"])).status).toBe(204);
    expect((await share(profileId, ["escrow"])).status).toBe(204);
    const rows = await queryRows(`SELECT "organizationId", "sharedByUserId" FROM "ProfileShare" WHERE "profileId" = $1`, [profileId]);
    expect(rows).toEqual([{ organizationId: "escrow", sharedByUserId: owner.id }]);
  });

  it("refuses unknown organizations and this node itself (422, each named) and writes nothing", async () => {
    const profileId = await newProfile();
    const sharesBefore = await countRows("ProfileShare");
    const unknown = await share(profileId, ["escrow", "no-such-bank"]);
    expect(unknown.status).toBe(422);
    expect(await problemOf(unknown)).toMatchObject({ code: "UNPROCESSABLE", errors: [{ in: "body", path: "organizations.1", message: expect.stringMatching(/no-such-bank/) }] });
    const self = await share(profileId, ["node", "escrow", "ghost"]);
    expect(self.status).toBe(422);
    expect((await problemOf(self)).errors.map((e) => e.path)).toEqual(["organizations.0", "organizations.2"]);
    const malformed = await share(profileId, ["Not An Org"]);
    expect(malformed.status).toBe(400);
    expect((await problemOf(malformed)).errors[0]?.path).toBe("organizations.0");
    expect((await share(profileId, [])).status).toBe(400);
    expect(await countRows("ProfileShare")).toBe(sharesBefore);
    expect(await queryRows(`SELECT "id" FROM "AuditLog" WHERE "subjectId" = $1 AND "action" = 'profile.shared'`, [profileId])).toEqual([]);
  });
});

describe("listing profiles", () => {
  it("lists the caller's own profiles, oldest first, with whom each is shared", async () => {
    const user = await createUser("investor");
    const first = await newProfile(user.token);
    const second = await newProfile(user.token);
    expect((await share(second, ["escrow"], user.token)).status).toBe(204);
    const response = await call("GET", ROUTER, { token: user.token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { profiles: { id: string; finId: string; createdAt: number; sharedWith: string[] }[] };
    expect(body.profiles.map((p) => [p.id, p.sharedWith])).toEqual([
      [first, []],
      [second, ["escrow"]],
    ]);
    expect(Math.abs((body.profiles[0]?.createdAt ?? 0) - inSeconds(0))).toBeLessThan(60);
    const own = await call("GET", `${ROUTER}/${first}`, { token: user.token });
    expect(await own.json()).toEqual(body.profiles[0]);
    expect(await (await call("GET", ROUTER, { token: stranger.token })).json()).toEqual({ profiles: [] });
  });
});

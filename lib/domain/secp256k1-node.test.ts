import { createPublicKey, generateKeyPairSync, sign, verify } from "node:crypto";

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";

import { bytesToHex, hexToBytes } from "@/lib/domain/hex";
import { generatePrivateKey, SECP256K1_ORDER, signHash, verifyHashSignature } from "@/lib/domain/secp256k1";
import { keptVerifications, signatureVerifier, signHashNative, verifyHashSignatureNative, verifyHashSignatureNode } from "@/lib/domain/secp256k1-node";

const BUYER_KEY = "0000000000000000000000000000000000000000000011110000000000001111";
const BUYER = "02c32ed4dfd9859a140609255687d355c2bce3dc5d3c407982e95a8334c9f00995";
const SELLER = "03bed25f68ca336ea2aa8b44d18fabcc032abd6420157f1b72eeb6f6ad9cbcc09c";
const HASH = "0ccfe94502f62a266d5b873054fd6c5708ea12fa970d9a4f24b3a9a90ed03b9c";
/** SPKI DER prefix of a compressed secp256k1 public key (id-ecPublicKey, secp256k1, 33-byte BIT STRING). */
const SPKI_PREFIX = "3036301006072a8648ce3d020106052b8104000a032200";

function toHighS(signature: string): string {
  const s = BigInt(`0x${signature.slice(64)}`);
  return signature.slice(0, 64) + (SECP256K1_ORDER - s).toString(16).padStart(64, "0");
}

describe("verifyHashSignatureNode", () => {
  const signature = signHash(HASH, BUYER_KEY);

  it("uses libsecp256k1's native binding on this machine", () => {
    expect(signatureVerifier()).toEqual({ verifier: "libsecp256k1", failure: null });
  });

  it("accepts what the browser verifier accepts", () => {
    expect(verifyHashSignatureNode(HASH, signature, BUYER)).toBe(true);
    expect(verifyHashSignatureNode(HASH.toUpperCase(), signature.toUpperCase(), BUYER)).toBe(true);
  });

  it("refuses high-S, another signer, another hash and malformed input, like the browser verifier", () => {
    const cases: [string, string, string][] = [
      [HASH, toHighS(signature), BUYER],
      [HASH, signature, SELLER],
      ["00".repeat(32), signature, BUYER],
      [HASH, "zz".repeat(64), BUYER],
      [HASH, signature, BUYER.toUpperCase()],
      [HASH.slice(2), signature, BUYER],
    ];
    for (const [hash, sig, finId] of cases) {
      expect(verifyHashSignatureNode(hash, sig, finId)).toBe(false);
      expect(verifyHashSignatureNative(hash, sig, finId)).toBe(false);
      expect(verifyHashSignature(hash, sig, finId)).toBe(false);
    }
  });
});

describe("verifyHashSignatureNode's kept verifications", () => {
  it("keeps a success, answers its repeat from it, and keeps no refusal", () => {
    const key = generatePrivateKey();
    const signer = bytesToHex(secp256k1.getPublicKey(hexToBytes(key), true));
    const hash = bytesToHex(sha256(new TextEncoder().encode(`kept ${signer}`)));
    const signature = signHashNative(hash, key);
    const before = keptVerifications();
    expect(verifyHashSignatureNode(hash, signature, SELLER)).toBe(false);
    expect(verifyHashSignatureNode(hash, toHighS(signature), signer)).toBe(false);
    expect(keptVerifications()).toBe(before);
    expect(verifyHashSignatureNode(hash, signature, signer)).toBe(true);
    const kept = keptVerifications();
    expect(kept).toBe(Math.min(before + 1, 4_096));
    expect(verifyHashSignatureNode(hash, signature, signer)).toBe(true);
    expect(keptVerifications()).toBe(kept);
  });

  it("never answers true for a triple that does not verify, however close to a kept one", () => {
    const key = generatePrivateKey();
    const signer = bytesToHex(secp256k1.getPublicKey(hexToBytes(key), true));
    const hash = bytesToHex(sha256(new TextEncoder().encode(`close ${signer}`)));
    const signature = signHashNative(hash, key);
    expect(verifyHashSignatureNode(hash, signature, signer)).toBe(true);
    const flip = (hex: string, at: number) => hex.slice(0, at) + (hex[at] === "0" ? "1" : "0") + hex.slice(at + 1);
    for (let at = 0; at < 64; at += 7) expect(verifyHashSignatureNode(flip(hash, at), signature, signer)).toBe(false);
    for (let at = 0; at < 128; at += 9) expect(verifyHashSignatureNode(hash, flip(signature, at), signer)).toBe(false);
    expect(verifyHashSignatureNode(hash, signature, SELLER)).toBe(false);
    // The same characters split otherwise between the three: malformed, refused before the set is asked.
    expect(verifyHashSignatureNode(hash.slice(2), `${hash.slice(0, 2)}${signature}`, signer)).toBe(false);
    expect(verifyHashSignatureNode(`${hash}${signature.slice(0, 2)}`, signature.slice(2), signer)).toBe(false);
  });

  it("keeps at most 4,096, the oldest dropped first", () => {
    const key = generatePrivateKey();
    const signer = bytesToHex(secp256k1.getPublicKey(hexToBytes(key), true));
    for (let i = 0; i < 4_200; i++) {
      const hash = bytesToHex(sha256(new TextEncoder().encode(`bound ${i}`)));
      expect(verifyHashSignatureNode(hash, signHashNative(hash, key), signer)).toBe(true);
    }
    expect(keptVerifications()).toBe(4_096);
  });
});

describe("signHashNative", () => {
  it("signs exactly as noble's signHash does (RFC 6979, low-S), for the fixed key and 200 random ones", () => {
    expect(signHashNative(HASH, BUYER_KEY)).toBe(signHash(HASH, BUYER_KEY));
    for (let i = 0; i < 200; i++) {
      const key = generatePrivateKey();
      const hash = bytesToHex(sha256(new TextEncoder().encode(`hash ${i}`)));
      const signature = signHashNative(hash, key);
      expect(signature).toBe(signHash(hash, key));
      expect(BigInt(`0x${signature.slice(64)}`) <= SECP256K1_ORDER >> 1n).toBe(true);
    }
  });

  it("refuses malformed input instead of signing something else", () => {
    expect(() => signHashNative(HASH.slice(2), BUYER_KEY)).toThrow(RangeError);
    expect(() => signHashNative(HASH, "zz".repeat(32))).toThrow(RangeError);
    expect(() => signHashNative(HASH, "00".repeat(32))).toThrow();
  });
});

// Pins why secp256k1-node.ts cannot use node:crypto: if a Node upgrade changes this, revisit it.
describe("node:crypto and prehashed digests (finding)", () => {
  const key = createPublicKey({ key: Buffer.from(SPKI_PREFIX + BUYER, "hex"), format: "der", type: "spki" });
  const signature = Buffer.from(signHash(HASH, BUYER_KEY), "hex");

  it("refuses a correct signature of the raw digest for every algorithm choice", () => {
    for (const algorithm of [null, undefined, "sha256", "sha3-256"]) {
      expect(verify(algorithm, Buffer.from(HASH, "hex"), { key, dsaEncoding: "ieee-p1363" }, signature)).toBe(false);
    }
  });

  it("SHA-256-hashes the input when the algorithm is null on an EC key", () => {
    const pair = generateKeyPairSync("ec", { namedCurve: "secp256k1" });
    const data = hexToBytes(HASH);
    const nodeSignature = sign(null, data, { key: pair.privateKey, dsaEncoding: "ieee-p1363" });
    const publicKey = pair.publicKey.export({ format: "der", type: "spki" }).subarray(-65);
    const opts = { prehash: false, lowS: false } as const;
    expect(secp256k1.verify(nodeSignature, sha256(data), publicKey, opts)).toBe(true);
    expect(secp256k1.verify(nodeSignature, data, publicKey, opts)).toBe(false);
    expect(bytesToHex(publicKey).startsWith("04")).toBe(true);
  });
});

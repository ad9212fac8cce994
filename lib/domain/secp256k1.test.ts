import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";

import { bytesToHex, hexToBytes } from "@/lib/domain/hex";
import { FIN_ID_PATTERN } from "@/lib/domain/patterns";
import {
  SECP256K1_ORDER,
  generatePrivateKey,
  getFinId,
  hasHighS,
  isVerifiableInput,
  signHash,
  verifyHashSignature,
} from "@/lib/domain/secp256k1";

const BUYER_KEY = "0000000000000000000000000000000000000000000011110000000000001111";
const BUYER = "02c32ed4dfd9859a140609255687d355c2bce3dc5d3c407982e95a8334c9f00995";
const SELLER = "03bed25f68ca336ea2aa8b44d18fabcc032abd6420157f1b72eeb6f6ad9cbcc09c";
const HASH = "0ccfe94502f62a266d5b873054fd6c5708ea12fa970d9a4f24b3a9a90ed03b9c";
const N_HEX = SECP256K1_ORDER.toString(16).padStart(64, "0");
const HALF_HEX = (SECP256K1_ORDER >> 1n).toString(16).padStart(64, "0");

/** The same (r, s) with s replaced by n − s: equally valid for plain ECDSA, but high-S. */
function toHighS(signature: string): string {
  const s = BigInt(`0x${signature.slice(64)}`);
  return signature.slice(0, 64) + (SECP256K1_ORDER - s).toString(16).padStart(64, "0");
}

describe("getFinId", () => {
  it("derives the compressed public key in lower-case hex", () => {
    expect(getFinId(BUYER_KEY)).toBe(BUYER);
    expect(getFinId(BUYER_KEY.toUpperCase())).toBe(BUYER);
  });

  it("refuses keys of the wrong length or outside [1, n − 1]", () => {
    expect(() => getFinId(BUYER_KEY.slice(2))).toThrow(RangeError);
    expect(() => getFinId("00".repeat(32))).toThrow(RangeError);
    expect(() => getFinId(N_HEX)).toThrow(RangeError);
    expect(() => getFinId("zz".repeat(32))).toThrow(RangeError);
  });
});

describe("generatePrivateKey", () => {
  it("makes distinct 32-byte keys that have finIds", () => {
    const a = generatePrivateKey();
    const b = generatePrivateKey();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(getFinId(a)).toMatch(FIN_ID_PATTERN);
  });
});

describe("signHash", () => {
  it("is deterministic, compact, lower-case and low-S", () => {
    const signature = signHash(HASH, BUYER_KEY);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(signHash(HASH, BUYER_KEY)).toBe(signature);
    expect(hasHighS(signature)).toBe(false);
  });

  it("signs the hash itself, not sha256 of it", () => {
    const signature = signHash(HASH, BUYER_KEY);
    const raw = hexToBytes(HASH);
    const pub = hexToBytes(BUYER);
    expect(secp256k1.verify(hexToBytes(signature), raw, pub, { prehash: false })).toBe(true);
    expect(secp256k1.verify(hexToBytes(signature), sha256(raw), pub, { prehash: false })).toBe(false);
  });

  it("refuses a hash that is not 32 bytes", () => {
    expect(() => signHash(HASH.slice(2), BUYER_KEY)).toThrow(RangeError);
    expect(() => signHash(`${HASH}00`, BUYER_KEY)).toThrow(RangeError);
  });

  it("produces low-S signatures across many hashes", () => {
    for (let i = 0; i < 32; i += 1) {
      const hash = bytesToHex(sha256(new Uint8Array([i])));
      expect(hasHighS(signHash(hash, BUYER_KEY))).toBe(false);
    }
  });
});

describe("hasHighS", () => {
  it("draws the line at n/2", () => {
    const r = "11".repeat(32);
    expect(hasHighS(r + HALF_HEX)).toBe(false);
    expect(hasHighS(r + (SECP256K1_ORDER / 2n + 1n).toString(16).padStart(64, "0"))).toBe(true);
  });

  it("treats a malformed signature as unacceptable", () => {
    expect(hasHighS("zz")).toBe(true);
  });

  it("flags the negated form of a low-S signature", () => {
    const signature = signHash(HASH, BUYER_KEY);
    expect(hasHighS(toHighS(signature))).toBe(true);
  });
});

describe("isVerifiableInput", () => {
  const signature = signHash(HASH, BUYER_KEY);

  it("accepts hashes and signatures in either case, finIds only as §5 spells them", () => {
    expect(isVerifiableInput(HASH.toUpperCase(), signature.toUpperCase(), BUYER)).toBe(true);
    expect(isVerifiableInput(HASH, signature, BUYER.toUpperCase())).toBe(false);
  });

  it("refuses wrong lengths and an uncompressed key", () => {
    expect(isVerifiableInput(HASH.slice(2), signature, BUYER)).toBe(false);
    expect(isVerifiableInput(HASH, signature.slice(2), BUYER)).toBe(false);
    const uncompressed = bytesToHex(secp256k1.getPublicKey(hexToBytes(BUYER_KEY), false));
    expect(isVerifiableInput(HASH, signature, uncompressed)).toBe(false);
  });
});

describe("verifyHashSignature", () => {
  const signature = signHash(HASH, BUYER_KEY);

  it("accepts a good signature, in either hex case", () => {
    expect(verifyHashSignature(HASH, signature, BUYER)).toBe(true);
    expect(verifyHashSignature(HASH.toUpperCase(), signature.toUpperCase(), BUYER)).toBe(true);
  });

  it("refuses the high-S twin of a good signature", () => {
    const high = toHighS(signature);
    expect(secp256k1.verify(hexToBytes(high), hexToBytes(HASH), hexToBytes(BUYER), { prehash: false, lowS: false })).toBe(true);
    expect(verifyHashSignature(HASH, high, BUYER)).toBe(false);
  });

  it("refuses another signer, another hash, and a signature made over sha256(hash)", () => {
    expect(verifyHashSignature(HASH, signature, SELLER)).toBe(false);
    expect(verifyHashSignature("00".repeat(32), signature, BUYER)).toBe(false);
    const prehashed = bytesToHex(secp256k1.sign(hexToBytes(HASH), hexToBytes(BUYER_KEY)));
    expect(verifyHashSignature(HASH, prehashed, BUYER)).toBe(false);
  });

  it("returns false, never throws, on malformed input", () => {
    const r = signature.slice(0, 64);
    const s = signature.slice(64);
    expect(verifyHashSignature(HASH, "00".repeat(32) + s, BUYER)).toBe(false);
    expect(verifyHashSignature(HASH, r + "00".repeat(32), BUYER)).toBe(false);
    expect(verifyHashSignature(HASH, N_HEX + s, BUYER)).toBe(false);
    expect(verifyHashSignature(HASH, "ff".repeat(64), BUYER)).toBe(false);
    expect(verifyHashSignature(HASH, signature, `02${"00".repeat(32)}`)).toBe(false);
    expect(verifyHashSignature(HASH, signature, `03${"ff".repeat(32)}`)).toBe(false);
    expect(verifyHashSignature(HASH, signature, "")).toBe(false);
    expect(verifyHashSignature("", signature, BUYER)).toBe(false);
    expect(verifyHashSignature(HASH, `${signature}01`, BUYER)).toBe(false);
  });
});

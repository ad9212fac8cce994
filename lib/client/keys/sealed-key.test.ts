import { describe, expect, it } from "vitest";

import { generatePrivateKey, getFinId } from "@/lib/domain/secp256k1";
import { sealPrivateKey, unsealPrivateKey, WrongPassphraseError } from "./sealed-key";
import { PBKDF2_ITERATIONS, PBKDF2_MIN_ITERATIONS, sealedKeySchema } from "./sealed-key-record";

// The floor keeps the tests fast; the shipped default is checked separately.
const FAST = { iterations: PBKDF2_MIN_ITERATIONS };
const PASSPHRASE = "correct horse battery staple";

describe("sealPrivateKey / unsealPrivateKey", () => {
  it("round-trips a private key through WebCrypto", async () => {
    const privateKey = generatePrivateKey();
    const sealed = await sealPrivateKey(privateKey, PASSPHRASE, FAST);
    expect(sealed.finId).toBe(getFinId(privateKey));
    expect(sealedKeySchema.safeParse(sealed).success).toBe(true);
    await expect(unsealPrivateKey(sealed, PASSPHRASE)).resolves.toBe(privateKey);
  });

  it("never writes the clear key into the sealed record", async () => {
    const privateKey = generatePrivateKey();
    const sealed = await sealPrivateKey(privateKey, PASSPHRASE, FAST);
    expect(JSON.stringify(sealed)).not.toContain(privateKey);
  });

  it("uses a fresh salt and IV every time", async () => {
    const privateKey = generatePrivateKey();
    const a = await sealPrivateKey(privateKey, PASSPHRASE, FAST);
    const b = await sealPrivateKey(privateKey, PASSPHRASE, FAST);
    expect(a.kdf.salt).not.toBe(b.kdf.salt);
    expect(a.cipher.iv).not.toBe(b.cipher.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it("refuses a wrong passphrase", async () => {
    const sealed = await sealPrivateKey(generatePrivateKey(), PASSPHRASE, FAST);
    await expect(unsealPrivateKey(sealed, "correct horse battery stapler")).rejects.toBeInstanceOf(WrongPassphraseError);
  });

  it("refuses a record relabelled with another finId (the finId is authenticated data)", async () => {
    const sealed = await sealPrivateKey(generatePrivateKey(), PASSPHRASE, FAST);
    const other = getFinId(generatePrivateKey());
    await expect(unsealPrivateKey({ ...sealed, finId: other }, PASSPHRASE)).rejects.toBeInstanceOf(WrongPassphraseError);
  });

  it("refuses a changed ciphertext", async () => {
    const sealed = await sealPrivateKey(generatePrivateKey(), PASSPHRASE, FAST);
    const flipped = (sealed.ciphertext[0] === "0" ? "1" : "0") + sealed.ciphertext.slice(1);
    await expect(unsealPrivateKey({ ...sealed, ciphertext: flipped }, PASSPHRASE)).rejects.toBeInstanceOf(WrongPassphraseError);
  });

  it("refuses a record weakened below the iteration floor before deriving anything", async () => {
    const sealed = await sealPrivateKey(generatePrivateKey(), PASSPHRASE, FAST);
    await expect(unsealPrivateKey({ ...sealed, kdf: { ...sealed.kdf, iterations: 1_000 } }, PASSPHRASE)).rejects.toThrow(/iterations/);
  });

  it("refuses a short passphrase when sealing", async () => {
    await expect(sealPrivateKey(generatePrivateKey(), "short", FAST)).rejects.toThrow(/at least 12/);
  });

  it("seals with the documented iteration count by default", () => {
    expect(PBKDF2_ITERATIONS).toBe(600_000);
  });
});

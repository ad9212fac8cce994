import { describe, expect, it } from "vitest";

import { getFinId, generatePrivateKey, signHash, verifyHashSignature } from "@/lib/domain/secp256k1";
import { buildDepositTemplate } from "@/lib/domain/signature-template";
import { depositRequestSchema } from "@/lib/schemas/payment";
import { signedDepositRequest } from "./deposit";

describe("signedDepositRequest", () => {
  it("is a valid deposit request whose signature verifies over the rebuilt template, without the private key", () => {
    const privateKey = generatePrivateKey();
    const finId = getFinId(privateKey);
    const request = signedDepositRequest(
      { profileId: "node:101:6f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a10", finId, orgId: "escrow", currency: "USD", amount: "250.50" },
      (hash) => signHash(hash, privateKey),
    );
    expect(depositRequestSchema.safeParse(request).success).toBe(true);
    const template = buildDepositTemplate({ nonce: request.nonce ?? "", assetType: "fiat", assetId: "USD", dstAccountType: "finId", dstAccount: finId, amount: "250.50" });
    expect(verifyHashSignature(template.hash, String(request.signature), finId)).toBe(true);
    expect(JSON.stringify(request)).not.toContain(privateKey);
  });
});

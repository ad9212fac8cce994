// Example values of the documents, built from the specification's vectors (vectors.json, as
// lib/schemas/test-fixtures.ts holds them); a unit test parses every example with its schema.
import {
  ASSET_ID,
  BUYER_FIN_ID,
  BUYER_PROFILE_ID,
  BUYER_SIGNATURE,
  DEPOSIT_TEMPLATE,
  INTENT_ID,
  ISSUER_FIN_ID,
  ISSUER_PROFILE_ID,
  NONCE,
  PLAN_ID,
  SELLER_FIN_ID,
  TRADE_TEMPLATE,
  UUID,
  UUID_2,
} from "@/lib/schemas/test-fixtures";

export { ASSET_ID, BUYER_FIN_ID, BUYER_PROFILE_ID, INTENT_ID, ISSUER_FIN_ID, ISSUER_PROFILE_ID, NONCE, PLAN_ID, SELLER_FIN_ID, UUID, UUID_2 };

export const CID = "5e20363d-8a91-47fe-853e-a25383635e78";
export const TIMESTAMP = 1_795_300_000;
export const USD = { type: "fiat", code: "USD" } as const;
export const TOKEN = { type: "p2p", resourceId: ASSET_ID } as const;
export const escrowAccount = (finId: string) => ({ type: "finId", finId, orgId: "escrow" }) as const;
export const party = (finId: string) => ({ finId, account: escrowAccount(finId) }) as const;
export const usdAccount = (finId: string) => ({ account: escrowAccount(finId), asset: USD }) as const;

/** The buyer's trade template and signature, as a hold carries them (Ownera's fields included). */
export const TRADE_SIGNATURE = { signature: BUYER_SIGNATURE, template: { type: "hashList", ...TRADE_TEMPLATE }, hashFunc: "sha3_256" };
export const DEPOSIT_SIGNATURE = { signature: BUYER_SIGNATURE, template: DEPOSIT_TEMPLATE };
export const SIGNATURE_HEX = BUYER_SIGNATURE;

export const DEPOSIT_DESCRIPTION =
  "Bank address: 1 Ledger Street, New York, NY 10004, USA|Beneficiary name: Built-in Escrow FBO 02c32ed4dfd9|Bank name: Demo Settlement Bank|Account number: 000123456789|Account type: Escrow checking|Routing number: 021000021|BIC/SWIFT code: DEMOUS33XXX|Reference number: ESC-0XK4VA7ATMVS";

export const ADAPTER_RECEIPT = {
  id: UUID,
  asset: USD,
  source: party(BUYER_FIN_ID),
  destination: party(SELLER_FIN_ID),
  quantity: "105.00",
  settlementRef: "",
  timestamp: TIMESTAMP,
};

export const PROBLEM_REQUEST_ID = "3f0c2a9e-5b7d-4c1e-9a8f-2d6b4e1c7a90";

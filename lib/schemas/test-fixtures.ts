// Realistic values for the schema tests, taken from ../shared/spec/vectors.json (decisions.md §5).

import { z } from "zod";

export const BUYER_FIN_ID = "02c32ed4dfd9859a140609255687d355c2bce3dc5d3c407982e95a8334c9f00995";
export const SELLER_FIN_ID = "03bed25f68ca336ea2aa8b44d18fabcc032abd6420157f1b72eeb6f6ad9cbcc09c";
export const ISSUER_FIN_ID = "0204ecedd6f2eec157bb547a11ebf867d20e72ae669dc82c9f73ed19e62a02de78";
export const NONCE = "abababababababababababababababababababababababab000000006553f100";
export const NONCE_2 = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd000000006553f13c";
export const BUYER_SIGNATURE =
  "89d752867fa06294c8126c22dfdf2cde95214515efce88c736caf2e94054792565bbba7fe1cfbdcac223d51d27f7466826314b5aea2a868dc2f49660d90686c5";
export const SELLER_SIGNATURE =
  "12bf0f83bcebdd9e3671fb3760a8569598aa137bec357aeb6d2a74c17cce0e136065b9124421a2ef9b017db6b995a7dbed3f4aaab8789caa3a648697cfff82d7";
export const ASSET_ID = "demo:102:8c7d5a52-3f0e-4c55-9a55-0d1b6a7f1e01";
export const BUYER_PROFILE_ID = "demo:101:0f8e4c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b";
export const SELLER_PROFILE_ID = "demo:101:1a2b3c4d-5e6f-4a1b-9c2d-3e4f5a6b7c8d";
export const ISSUER_PROFILE_ID = "demo:101:2b3c4d5e-6f7a-4b2c-8d3e-4f5a6b7c8d9e";
export const INTENT_ID = "demo:105:3c4d5e6f-7a8b-4c3d-9e4f-5a6b7c8d9e0f";
export const PLAN_ID = "node:106:4d5e6f7a-8b9c-4d4e-8f5a-6b7c8d9e0f1a";
export const CERTIFICATE_ID = "demo:103:5e6f7a8b-9c0d-4e5f-a06b-7c8d9e0f1a2b";
export const UUID = "6f7a8b9c-0d1e-4f6a-b17c-8d9e0f1a2b3c";
export const UUID_2 = "7a8b9c0d-1e2f-4a7b-827d-9e0f1a2b3c4d";

/** The trade template of the selling-intent execution vector. */
export const TRADE_TEMPLATE = {
  hash: "0ccfe94502f62a266d5b873054fd6c5708ea12fa970d9a4f24b3a9a90ed03b9c",
  hashGroups: [
    {
      hash: "6ec088fdff561d8c2480401f5e3cd62a8093eef5b05447099bed357c71ac163a",
      fields: [
        {
          name: "nonce",
          type: "bytes",
          value: "abababababababababababababababababababababababab000000006553f100",
        },
        {
          name: "operation",
          type: "string",
          value: "transfer",
        },
        {
          name: "assetType",
          type: "string",
          value: "p2p",
        },
        {
          name: "assetId",
          type: "string",
          value: "demo:102:8c7d5a52-3f0e-4c55-9a55-0d1b6a7f1e01",
        },
        {
          name: "srcAccountType",
          type: "string",
          value: "finId",
        },
        {
          name: "srcAccount",
          type: "string",
          value: "03bed25f68ca336ea2aa8b44d18fabcc032abd6420157f1b72eeb6f6ad9cbcc09c",
        },
        {
          name: "dstAccountType",
          type: "string",
          value: "finId",
        },
        {
          name: "dstAccount",
          type: "string",
          value: "02c32ed4dfd9859a140609255687d355c2bce3dc5d3c407982e95a8334c9f00995",
        },
        {
          name: "amount",
          type: "string",
          value: "25",
        },
      ],
    },
    {
      hash: "f2f7fc62f47ef7db9a506e9684386029f00e6ac1b5e832d8c8444d6e8b800a44",
      fields: [
        {
          name: "assetType",
          type: "string",
          value: "fiat",
        },
        {
          name: "assetId",
          type: "string",
          value: "USD",
        },
        {
          name: "srcAccountType",
          type: "string",
          value: "finId",
        },
        {
          name: "srcAccount",
          type: "string",
          value: "02c32ed4dfd9859a140609255687d355c2bce3dc5d3c407982e95a8334c9f00995",
        },
        {
          name: "dstAccountType",
          type: "string",
          value: "finId",
        },
        {
          name: "dstAccount",
          type: "string",
          value: "03bed25f68ca336ea2aa8b44d18fabcc032abd6420157f1b72eeb6f6ad9cbcc09c",
        },
        {
          name: "amount",
          type: "string",
          value: "105.00",
        },
        {
          name: "expiry",
          type: "string",
          value: "1700086400",
        },
      ],
    },
  ],
};

/** The deposit-instruction template vector. */
export const DEPOSIT_TEMPLATE = {
  hash: "c9233274b45420f20bbea9853e592ab9ffaef6d26bbe97923742e904ec2f8c1f",
  hashGroups: [
    {
      hash: "dffd09e8e20e23a1423cdb6c57d10f1907bb8cbc335f0a60b10a75d5ca0903c1",
      fields: [
        {
          name: "nonce",
          type: "bytes",
          value: "010101010101010101010101010101010101010101010101000000006553f1b4",
        },
        {
          name: "operation",
          type: "string",
          value: "deposit",
        },
        {
          name: "assetType",
          type: "string",
          value: "fiat",
        },
        {
          name: "assetId",
          type: "string",
          value: "USD",
        },
        {
          name: "dstAccountType",
          type: "string",
          value: "finId",
        },
        {
          name: "dstAccount",
          type: "string",
          value: "02c32ed4dfd9859a140609255687d355c2bce3dc5d3c407982e95a8334c9f00995",
        },
        {
          name: "amount",
          type: "string",
          value: "5000",
        },
      ],
    },
  ],
};

export const USD = { type: "fiat", code: "USD" } as const;
export const TOKEN = { type: "p2p", resourceId: ASSET_ID } as const;

export const escrowAccount = (finId: string) => ({ type: "finId", finId, orgId: "escrow" }) as const;
export const tokenAccount = (finId: string) =>
  ({ account: { type: "finId", finId, orgId: "demo" }, asset: TOKEN }) as const;
export const usdAccount = (finId: string) => ({ account: escrowAccount(finId), asset: USD }) as const;
export const party = (finId: string) => ({ finId, account: escrowAccount(finId) }) as const;

/** Issues as "path: message" lines, or [] when the value is accepted. */
export function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

/** A copy without the given keys, for "is required" cases. */
export function omit<T extends object, K extends keyof T>(value: T, ...keys: K[]): Omit<T, K> {
  const copy: Partial<T> = { ...value };
  for (const key of keys) delete copy[key];
  return copy as Omit<T, K>;
}

/** A deep copy with `mutate` applied, so each test changes one thing of a valid example. */
export function variant<T>(value: T, mutate: (copy: T) => void): T {
  const copy = structuredClone(value);
  mutate(copy);
  return copy;
}

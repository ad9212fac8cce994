// The inferred types are the codebase's types (style.md: no hand-written duplicates), so their
// shapes are pinned here; `tsc --noEmit` checks these assertions.

import { describe, expectTypeOf, it } from "vitest";

import type {
  Account,
  Asset,
  Certificate,
  CreateIntentRequest,
  DepositRequest,
  ExecutionTerms,
  LedgerTransaction,
  Party,
  Role,
  Signature,
  StoredAsset,
} from "@/lib/schemas";

describe("inferred types", () => {
  it("asset and account references are discriminated unions", () => {
    expectTypeOf<Asset>().toEqualTypeOf<{ type: "fiat"; code: string } | { type: "p2p"; resourceId: string }>();
    expectTypeOf<StoredAsset>().toExtend<Asset | { type: "cryptocurrency"; symbol: string }>();
    expectTypeOf<Account>().toEqualTypeOf<
      { type: "finId"; finId: string; orgId?: string | undefined } | { type: "iban"; code: string }
    >();
    expectTypeOf<Party>().toEqualTypeOf<{ finId: string; account: Account }>();
  });

  it("signatures carry their template", () => {
    expectTypeOf<Signature["template"]["hashGroups"][number]["fields"][number]>().toEqualTypeOf<{
      name: string;
      type: "bytes" | "string";
      value: string;
    }>();
  });

  it("execution terms type expiry by execution type", () => {
    type ByType<T extends ExecutionTerms["type"]> = Extract<ExecutionTerms, { type: T }>;
    expectTypeOf<ByType<"sellingIntentExecution">["settlement"]["instruction"]["expiry"]>().toEqualTypeOf<number>();
    expectTypeOf<ByType<"primarySaleExecution">["settlement"]["instruction"]["expiry"]>().toEqualTypeOf<number>();
    expectTypeOf<ByType<"buyingIntentExecution">["settlement"]["instruction"]["expiry"]>().toEqualTypeOf<undefined>();
    expectTypeOf<ByType<"primarySaleExecution">["issuer"]>().toEqualTypeOf<string>();
  });

  it("create-intent parts type expiry by intent type", () => {
    type Part = CreateIntentRequest["intent"];
    expectTypeOf<Extract<Part, { type: "buyingIntent" }>["settlementInstruction"]["expiry"]>().toEqualTypeOf<number>();
    expectTypeOf<
      Extract<Part, { type: "sellingIntent" }>["settlementInstruction"]["expiry"]
    >().toEqualTypeOf<undefined>();
  });

  it("amounts stay strings and optional parts stay optional", () => {
    expectTypeOf<DepositRequest["amount"]>().toEqualTypeOf<string>();
    expectTypeOf<DepositRequest["nonce"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<LedgerTransaction["source"]>().toEqualTypeOf<Party | undefined>();
    expectTypeOf<Certificate["data"]>().toEqualTypeOf<string>();
    expectTypeOf<Role>().toEqualTypeOf<"investor" | "issuer" | "admin" | "escrowOperator" | "organization">();
  });
});

// One zod schema module per entity (style.md); this file only re-exports them.

export * from "@/lib/schemas/common";
export * from "@/lib/schemas/asset";
export * from "@/lib/schemas/account";
export * from "@/lib/schemas/signature";
export * from "@/lib/schemas/signing";
export * from "@/lib/schemas/operation";
export * from "@/lib/schemas/adapter";
export * from "@/lib/schemas/profile";
export * from "@/lib/schemas/user";
export * from "@/lib/schemas/payment";
export * from "@/lib/schemas/holding";
export * from "@/lib/schemas/organization";
export * from "@/lib/schemas/account-workflow";
export * from "@/lib/schemas/certificate";
export * from "@/lib/schemas/intent";
export * from "@/lib/schemas/intent-execution";
export * from "@/lib/schemas/plan";
export * from "@/lib/schemas/receipt";
export * from "@/lib/schemas/ledger";
export * from "@/lib/schemas/problem";
export * from "@/lib/schemas/sign-in";

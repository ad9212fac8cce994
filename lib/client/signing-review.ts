// What a signing request asks the owner to sign, in plain words (the trade template of decisions.md
// §5: the tokens group, then the payment group). The hash that is signed is recomputed from the
// fields first: if it does not match, the words would not describe what is signed, so the review
// refuses instead of showing them. Keys are named by who holds them (you, the buyer, the seller)
// and a short fingerprint; the asset by its name when the inbox knows it.
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { FIN_ID_PATTERN } from "@/lib/domain/patterns";
import { verifyTemplateHashes, type SignatureTemplate } from "@/lib/domain/signature-template";

export type ReviewLine = { group: string; name: string; label: string; value: string };
export type SigningReview = { ok: true; summary: string[]; lines: ReviewLine[] } | { ok: false; reason: string };

const GROUP_NAMES = ["Tokens", "Payment"] as const;

const LABELS: Record<string, string> = {
  nonce: "Single-use number (nonce)",
  operation: "Operation",
  assetType: "Kind of asset",
  assetId: "Asset",
  srcAccountType: "Paid or delivered from (account kind)",
  srcAccount: "Paid or delivered from",
  dstAccountType: "Paid or delivered to (account kind)",
  dstAccount: "Paid or delivered to",
  amount: "Amount",
  expiry: "Money held until",
};

function formatTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

/** What the inbox knows around the template: the asset's name, and who the other side is. */
export type ReviewContext = {
  assetId: string | null;
  assetName: string | null;
  counterparty: { role: "buyer" | "seller"; finId: string } | null;
};

const NO_CONTEXT: ReviewContext = { assetId: null, assetName: null, counterparty: null };

/** A party as words: you, the buyer or the seller, or a key, each with the key's fingerprint. */
function who(finId: string | undefined, signer: string, ctx: ReviewContext): string {
  if (finId === undefined) return "nobody";
  const key = finId.toLowerCase();
  if (!FIN_ID_PATTERN.test(key)) return finId;
  if (key === signer.toLowerCase()) return `you (key ${finIdFingerprint(key)})`;
  if (ctx.counterparty && key === ctx.counterparty.finId.toLowerCase()) return `the ${ctx.counterparty.role} (key ${finIdFingerprint(key)})`;
  return `key ${finIdFingerprint(key)}`;
}

/** The asset as words: its name when this is the inbox's asset and it has one. */
function assetWords(assetId: string | undefined, ctx: ReviewContext): string {
  if (assetId === undefined) return "?";
  return assetId === ctx.assetId && ctx.assetName ? ctx.assetName : `asset ${assetId}`;
}

function valueInWords(name: string, value: string, signer: string, ctx: ReviewContext): string {
  switch (name) {
    case "assetType":
      return value === "p2p" ? "tokens of this network (p2p)" : value === "fiat" ? "money (fiat)" : value;
    case "operation":
      return value === "issue" ? "issue new tokens" : value === "transfer" ? "transfer existing tokens" : value;
    case "srcAccountType":
    case "dstAccountType":
      return value === "finId" ? "an account named by its finId" : value;
    case "srcAccount":
    case "dstAccount":
      // The whole key too: this table shows exactly what is signed.
      return FIN_ID_PATTERN.test(value) ? `${who(value, signer, ctx)}: ${value}` : value;
    case "expiry":
      return /^\d+$/.test(value) ? `${formatTime(Number(value))} (${value})` : value;
    default:
      return value;
  }
}

/** The plain-words review of a template the signer `signer` (a finId) is asked to sign. */
export function reviewSigningTemplate(template: SignatureTemplate, signer: string, ctx: ReviewContext = NO_CONTEXT): SigningReview {
  if (!verifyTemplateHashes(template)) {
    return { ok: false, reason: "The request's hash does not match its fields, so what would be signed is not what is shown. Do not sign it." };
  }
  const lines: ReviewLine[] = template.hashGroups.flatMap((group, i) =>
    group.fields.map((f) => ({ group: GROUP_NAMES[i] ?? `Group ${i + 1}`, name: f.name, label: LABELS[f.name] ?? f.name, value: valueInWords(f.name, f.value, signer, ctx) })),
  );
  const field = (group: number, name: string) => fieldOf(template, group, name);
  const summary: string[] = [];
  const operation = field(0, "operation");
  if (operation) {
    const from = operation === "issue" ? "newly issued" : `from ${who(field(0, "srcAccount"), signer, ctx)}`;
    summary.push(`${field(0, "amount") ?? "?"} tokens of ${assetWords(field(0, "assetId"), ctx)}, ${from}, delivered to ${who(field(0, "dstAccount"), signer, ctx)}.`);
  }
  if (template.hashGroups[1]) {
    const expiry = field(1, "expiry");
    summary.push(
      `${field(1, "amount") ?? "?"} ${field(1, "assetId") ?? "?"} paid from ${who(field(1, "srcAccount"), signer, ctx)} to ${who(field(1, "dstAccount"), signer, ctx)}` +
        (expiry && /^\d+$/.test(expiry) ? `, the money held until ${formatTime(Number(expiry))}.` : "."),
    );
  }
  return { ok: true, summary, lines };
}

function fieldOf(template: SignatureTemplate, group: number, name: string): string | undefined {
  return template.hashGroups[group]?.fields.find((f) => f.name === name)?.value;
}

/**
 * The request in one line, from the signer's side: "Sell 6 Harbour Fund A for 12 USD" when the
 * signer's tokens go, "Buy …" when tokens come to the signer.
 */
export function requestHeadline(template: SignatureTemplate, signer: string, ctx: ReviewContext = NO_CONTEXT): string {
  const mine = (finId: string | undefined) => finId !== undefined && finId.toLowerCase() === signer.toLowerCase();
  const verb = mine(fieldOf(template, 0, "dstAccount")) ? "Buy" : mine(fieldOf(template, 0, "srcAccount")) ? "Sell" : "Trade";
  const price = template.hashGroups[1] ? ` for ${fieldOf(template, 1, "amount") ?? "?"} ${fieldOf(template, 1, "assetId") ?? "?"}` : "";
  const name = ctx.assetName && fieldOf(template, 0, "assetId") === ctx.assetId ? ctx.assetName : "tokens";
  return `${verb} ${fieldOf(template, 0, "amount") ?? "?"} ${name}${price}`;
}

/** Time left to answer, in words: "9 min 41 s left to answer"; null once it is up. */
export function timeLeftWords(secondsLeft: number): string | null {
  if (secondsLeft <= 0) return null;
  const hours = Math.floor(secondsLeft / 3600);
  const minutes = Math.floor((secondsLeft % 3600) / 60);
  const seconds = secondsLeft % 60;
  if (hours > 0) return `${hours} h ${minutes} min left to answer`;
  return minutes > 0 ? `${minutes} min ${seconds} s left to answer` : `${seconds} s left to answer`;
}

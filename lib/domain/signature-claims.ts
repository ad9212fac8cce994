// What a signature says about itself, as Ownera's routers send it: `{ signature, template: { type:
// "hashList", hash, hashGroups }, hashFunc }`. The fields are accepted (the specification has
// neither) and checked: a claim that contradicts how this node builds and verifies templates (hash
// lists of sha3-256, decisions.md §5) is refused with 422 naming the field, before anything is
// verified or written. Leaving them out says nothing and is fine.
import { AppError, type FieldError } from "@/lib/domain/app-error";

export const HASH_LIST_TEMPLATE = "hashList";

/** Names of the template's hash: sha3-256 however peers spell it, or FinP2P's "says nothing". */
const SHA3_256_NAMES: ReadonlySet<string> = new Set(["sha3-256", "sha3_256", "unspecified"]);

type Claims = { hashFunc?: string; template: { type?: string; hash: string } };

/** The field errors of the claims a signature makes (none when it makes none or only true ones); `path` is where it sits in the body. */
export function signatureClaimProblems(signature: Claims, path: string): FieldError[] {
  const problems: FieldError[] = [];
  const { hashFunc } = signature;
  if (hashFunc !== undefined && !SHA3_256_NAMES.has(hashFunc.toLowerCase())) {
    problems.push({
      in: "body",
      path: `${path}.hashFunc`,
      message: `names ${JSON.stringify(hashFunc)}, but the template's hashes are sha3-256: send "sha3-256" or "sha3_256", or leave it out`,
    });
  }
  const type = signature.template.type;
  if (type !== undefined && type !== HASH_LIST_TEMPLATE) {
    problems.push({
      in: "body",
      path: `${path}.template.type`,
      message: `is ${JSON.stringify(type)}; this node verifies hash-list templates only: send "${HASH_LIST_TEMPLATE}", or leave it out`,
    });
  }
  return problems;
}

/** 422 UNPROCESSABLE when the signature's claims contradict its template; nothing when it has none (a bare hex signature). */
export function assertSignatureClaims(signature: Claims | string | undefined, path: string): void {
  if (signature === undefined || typeof signature === "string") return;
  const problems = signatureClaimProblems(signature, path);
  if (problems.length === 0) return;
  throw new AppError("UNPROCESSABLE", `The signature's claims contradict its template: ${problems.map((p) => `${p.path} ${p.message}`).join("; ")}.`, problems);
}

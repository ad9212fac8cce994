// What the sign-in page says about a refused attempt, by the refusal's code (next-auth's `code` of a
// CredentialsSignin, set in lib/server/auth/next-auth.ts). Unknown codes read as a wrong password.
const INVALID = "The email or password is not right. Check them and try again.";

const MESSAGES: Record<string, string> = {
  invalid: INVALID,
  credentials: INVALID,
  proof_required:
    "There have been many failed sign-ins for this account or from your network, so each try now needs a short check that your browser does. Try again; if this page cannot run JavaScript, turn it on first.",
  account_disabled: "This account is disabled, so it cannot sign in. Ask an administrator of this service to enable it again.",
};

export function signInRefusalMessage(code: string): string {
  return MESSAGES[code] ?? INVALID;
}

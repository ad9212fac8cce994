// Sign-in for people: next-auth v5 with email + password (Credentials) and JWT sessions.
// The session carries only the user id; role and status are read from the database on every request.
// Guessing is slowed by sign-in-guard.ts (a proof of work once a client or account failed too often,
// never a lock); a disabled person is told so only when the password was right.
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { db } from "@/lib/server/db/client";
import { clientAddressOf } from "@/lib/server/http/forwarded-headers";
import { logger } from "@/lib/server/log";
import { signInCredentialsSchema } from "@/lib/schemas/sign-in";
import { hashPassword, verifyPassword } from "./password";
import { admitSignInAttempt, recordSignInFailure } from "./sign-in-guard";

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** The attempt needs a proof of work (sign-in-guard.ts) and had none that holds: nothing was tried. */
class ProofRequired extends CredentialsSignin {
  override code = "proof_required";
}

/** The password was right, but the account is disabled. */
class AccountDisabled extends CredentialsSignin {
  override code = "account_disabled";
}

// An unknown email costs the same scrypt work as a known one, so the time of the answer tells nothing.
let decoyHash: Promise<string> | null = null;
const decoyPasswordHash = () => (decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`));

export const { handlers, auth, signIn, signOut } = NextAuth({
  secret: env.AUTH_SECRET,
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/signin" },
  logger: {
    error: (error) => {
      // A refused password is logged by authorize() already; everything else is worth a warning.
      if ("type" in error && error.type === "CredentialsSignin") return;
      logger.warn({ err: { name: error.name, message: error.message } }, "auth error");
    },
    warn: (code) => logger.warn({ code }, "auth warning"),
    debug: () => undefined,
  },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = signInCredentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        const { email, password, challenge, proof } = parsed.data;
        const client = clientAddressOf(request.headers);
        if (!(await admitSignInAttempt({ email, client, challenge, proof }))) {
          logger.info({ email, client }, "sign-in not tried: a proof of work is needed");
          throw new ProofRequired();
        }
        const user = await db.user.findUnique({ where: { email } });
        const right = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
        if (!user?.passwordHash || !right) {
          await recordSignInFailure(email, client);
          logger.info({ email, client }, "sign-in refused: unknown user or wrong password");
          return null;
        }
        if (user.disabledAt) {
          logger.info({ email, client }, "sign-in refused: the account is disabled");
          throw new AccountDisabled();
        }
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
});

/** The user id of the current sign-in session, or null. */
export async function sessionUserId(): Promise<string | null> {
  const session = await auth();
  return session?.user?.id ?? null;
}

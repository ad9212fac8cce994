// Sign-in for people: next-auth v5 with email + password (Credentials) and JWT sessions.
// The session carries only the user id; role and status are read from the database on every request.
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { env } from "@/lib/env";
import { db } from "@/lib/server/db/client";
import { takeRateLimit } from "@/lib/server/http/rate-limit";
import { logger } from "@/lib/server/log";
import { PASSWORD_MAX_LENGTH } from "@/lib/domain/patterns";
import { verifyPassword } from "./password";

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;
const SIGN_IN_ATTEMPTS_PER_WINDOW = 10;
const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

class TooManyAttempts extends CredentialsSignin {
  override code = "too_many_attempts";
}

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
      async authorize(raw) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        const { email, password } = parsed.data;
        if (!takeRateLimit(`sign-in:${email}`, SIGN_IN_ATTEMPTS_PER_WINDOW, SIGN_IN_WINDOW_MS)) {
          logger.warn({ email }, "sign-in refused: too many attempts");
          throw new TooManyAttempts();
        }
        const user = await db.user.findUnique({ where: { email } });
        if (!user?.passwordHash || user.disabledAt || !(await verifyPassword(password, user.passwordHash))) {
          logger.info({ email }, "sign-in refused: unknown user or wrong password");
          return null;
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

// GET/POST /api/auth/* – next-auth's sign-in, sign-out, session and CSRF endpoints
import { handlers } from "@/lib/server/auth/next-auth";

export const { GET, POST } = handlers;

// How many signing requests wait for the caller's answer: the navigation's badge, read on every page
// of a trader, so kept apart from the rest of lib/schemas/signing.ts (which re-exports it).
import { z } from "zod";

import { tolerantObject } from "@/lib/schemas/common";

/** GET /api/signing/inbox/count – how many requests wait for the caller's answer now (the navigation's badge). */
export const signingInboxCountSchema = tolerantObject({ pending: z.number().int().min(0) });

export type SigningInboxCount = z.infer<typeof signingInboxCountSchema>;

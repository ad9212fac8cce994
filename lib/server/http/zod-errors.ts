// Turns zod issues into the `errors[]` members of a problem document.
import type { z } from "zod";
import type { FieldError } from "@/lib/domain/app-error";

export function fieldErrors(error: z.ZodError, where: NonNullable<FieldError["in"]>): FieldError[] {
  return error.issues.slice(0, 50).map((issue) => ({
    in: where,
    path: issue.path.map(String).join(".") || "(root)",
    message: issue.message,
  }));
}

// A labelled form field with its error beside it: the error is tied to the control with
// aria-describedby and aria-invalid (see `fieldErrorProps`), and repeats the label in words.
import type { ReactNode } from "react";

import { labelClass } from "@/components/ui/styles";

export function FormField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>{label}</label>
      {children}
      {hint ? <p id={`${id}-hint`} className="mt-1 text-xs text-muted">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">{label}: {error}</p> : null}
    </div>
  );
}

/** The ARIA attributes of a control whose field may show a hint and an error. */
export function fieldErrorProps(id: string, error: string | undefined, hint = false) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy === "" ? undefined : describedBy };
}

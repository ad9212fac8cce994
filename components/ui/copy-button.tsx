"use client";

import { useState } from "react";

import { secondaryButtonClass } from "@/components/ui/styles";

/** Copies `value` to the clipboard; the button's own text says when it worked. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <button type="button" onClick={copy} className={secondaryButtonClass} aria-label={`Copy ${label}`}>
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}</span>
    </button>
  );
}

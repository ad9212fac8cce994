"use client";

import { useState } from "react";

import { StatusMessage } from "@/components/ui/status-message";
import { secondaryButtonClass } from "@/components/ui/styles";

/** Copies `value` to the clipboard; the button's text and a live region say whether it worked. */
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
  // The visible word begins the accessible name ("Copy Reference number", then "Copied …"), as WCAG's
  // label-in-name asks; a live region beside it announces the result.
  return (
    <>
      <button type="button" onClick={copy} className={secondaryButtonClass}>
        {state === "copied" ? "Copied" : "Copy"}
        <span className="sr-only"> {label}</span>
      </button>
      <span role="status" className="sr-only">
        {state === "copied" ? `${label} copied to the clipboard` : state === "failed" ? `${label} could not be copied` : ""}
      </span>
    </>
  );
}

/** A secret the server shows once (a new bearer token), with what happened and a copy button. */
export function ShownOnce({ message, value, label }: { message: string; value: string; label: string }) {
  return (
    <div className="mt-3 space-y-2">
      <StatusMessage tone="success">{message}</StatusMessage>
      <p className="flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-slate-100 px-2 py-1 text-xs dark:bg-slate-800">{value}</code>
        <CopyButton value={value} label={label} />
      </p>
    </div>
  );
}

"use client";

// The OpenAPI reference, rendered in the browser by Redoc (installed from npm and bundled by this
// app: nothing loads from elsewhere). Loaded on this page only; its styles are made at run time by
// styled-components, which takes the page's CSP nonce from the csp-nonce meta element. Redoc's search
// runs in a worker made from a blob: URL, which the policy does not allow, so it is off: the sidebar
// lists every operation.
import dynamic from "next/dynamic";
import { useState } from "react";

const RedocStandalone = dynamic(() => import("redoc").then((m) => m.RedocStandalone), {
  ssr: false,
  loading: () => <p className="py-8 text-sm text-slate-600 dark:text-slate-400">Loading the reference…</p>,
});

const OPTIONS = {
  disableSearch: true,
  expandResponses: "200,201,202",
  jsonSampleExpandLevel: 4,
  hideHostname: true,
  nativeScrollbars: true,
  pathInMiddlePanel: true,
  theme: { typography: { fontFamily: "ui-sans-serif, system-ui, sans-serif", headings: { fontFamily: "ui-sans-serif, system-ui, sans-serif" }, code: { fontFamily: "ui-monospace, monospace" } } },
};

export function ApiReference({ specUrl, title }: { specUrl: string; title: string }) {
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  return (
    <section aria-label={`${title}: OpenAPI reference`} aria-busy={state === "loading"} className="mt-6 rounded border border-slate-200 bg-white text-slate-900 dark:border-slate-700">
      <p role="status" className="sr-only">
        {state === "ready" ? `${title} reference loaded.` : state === "failed" ? `The ${title} reference could not be loaded.` : ""}
      </p>
      {state === "failed" ? (
        <p className="p-4 text-sm">
          The reference could not be shown here. The document itself is at <a className="underline" href={specUrl}>{specUrl}</a>.
        </p>
      ) : null}
      <RedocStandalone specUrl={specUrl} options={OPTIONS} onLoaded={(error) => setState(error ? "failed" : "ready")} />
    </section>
  );
}

// /docs/api – the API reference: the OpenAPI documents rendered (router, adapter, account proof, this
// node's own endpoints), and the GraphQL schema with an example per query and subscription. Public:
// integrators read it before they hold a token, and the documents are served to anyone.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { GRAPHQL_EXAMPLES } from "@/lib/server/graphql/examples";
import { typeDefs } from "@/lib/server/graphql/type-defs";
import { DOCUMENT_NAMES, type DocumentName } from "@/lib/server/openapi/operation-doc";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: "API reference" };
export const dynamic = "force-dynamic";

const TITLES: Record<DocumentName, { title: string; about: string }> = {
  router: { title: "Router", about: "profiles, certificates, deposits and withdrawals, assets, intents, trades, ledger import, admin" },
  adapter: { title: "Payments adapter", about: "what a payment organization implements: deposit instructions, approval, hold, release, rollback, payout" },
  proof: { title: "Account proof", about: "proving an investor owns an account" },
  node: { title: "This node", about: "health, metrics, GraphQL over HTTP, signing, sign-in, these documents" },
};

type Props = { searchParams: Promise<{ document?: string }> };

const isDocument = (value: string | undefined): value is DocumentName => DOCUMENT_NAMES.some((name) => name === value);

export default async function ApiReferencePage({ searchParams }: Props) {
  const { document } = await searchParams;
  const current: DocumentName = isDocument(document) ? document : "router";
  // styled-components (Redoc's styles) reads the nonce of this answer's policy from here.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <div>
      <meta property="csp-nonce" nonce={nonce} />
      <h1 className="text-2xl font-semibold">API reference</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Four OpenAPI 3.1 documents, generated from the schemas that check every request, and the GraphQL schema. Each document is also served as JSON and
        committed under <code>docs/openapi/</code>.
      </p>
      <nav aria-label="OpenAPI documents" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {DOCUMENT_NAMES.map((name) => (
            <li key={name}>
              <a
                href={`/docs/api?document=${name}`}
                aria-current={name === current ? "page" : undefined}
                className={`inline-block rounded border px-3 py-1 text-sm ${name === current ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"}`}
              >
                {TITLES[name].title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-3 text-sm">
        {TITLES[current].title}: {TITLES[current].about}.{" "}
        <a className="underline" href={`/api/openapi/${current}.json`}>
          Download {current}.json
        </a>
      </p>
      <ApiReference key={current} specUrl={`/api/openapi/${current}.json`} title={TITLES[current].title} />
      <section aria-labelledby="graphql-heading" className="mt-10">
        <h2 id="graphql-heading" className="text-xl font-semibold">
          GraphQL
        </h2>
        <p className="mt-2 text-sm">
          Queries: <code>POST /api/graphql</code> with <code>{"{ query, variables?, operationName? }"}</code>. Subscriptions: graphql-ws at{" "}
          <code>/api/graphql</code> (subprotocol <code>graphql-transport-ws</code>), authenticated in <code>connection_init</code> with{" "}
          <code>{'{ "authorization": "Bearer <token>" }'}</code> or the session cookie from this node&apos;s pages.
        </p>
        <details className="mt-4">
          <summary className="cursor-pointer font-medium">The schema (SDL)</summary>
          <pre className="mt-2 max-h-[32rem] overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-900" tabIndex={0} aria-label="GraphQL schema">
            {typeDefs.trim()}
          </pre>
        </details>
        {(["query", "subscription"] as const).map((kind) => (
          <div key={kind} className="mt-6">
            <h3 className="text-lg font-semibold">{kind === "query" ? "Queries" : "Subscriptions"}</h3>
            <ul className="mt-2 space-y-4">
              {GRAPHQL_EXAMPLES.filter((e) => e.kind === kind).map((example) => (
                <li key={example.field}>
                  <h4 className="font-medium">
                    <code>{example.field}</code>: {example.title}
                  </h4>
                  <pre className="mt-1 overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-900" tabIndex={0} aria-label={`Example: ${example.field}`}>
                    {example.document}
                    {example.variables ? `\n\n# variables\n${JSON.stringify(example.variables, null, 2)}` : ""}
                  </pre>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </div>
  );
}

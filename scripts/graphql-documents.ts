// lib/client/graphql/portal-operations.ts is derived from portal-operations.graphql beside it: each
// operation as the document graphql's parser makes of it (without source locations), with the
// fragments it spreads, for Apollo Client. portal-query-requests.ts beside them holds each query as it
// is sent over HTTP (lib/client/graphql-query.ts): printed from that document, without what the parser
// ignores. So the browser ships no GraphQL parser or printer; the two are apart, because a module's
// exports come along wherever it is imported, and most pages only subscribe (README "Page weight").
// `npm run graphql:documents` rewrites both; a unit test fails when they are out of date or when an
// operation does not validate against the server's schema.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { Kind, parse, print, stripIgnoredCharacters, visit, type DefinitionNode, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";

export const OPERATIONS_SOURCE = path.join("lib", "client", "graphql", "portal-operations.graphql");
export const DOCUMENTS_FILE = path.join("lib", "client", "graphql", "portal-operations.ts");
export const REQUESTS_FILE = path.join("lib", "client", "graphql", "portal-query-requests.ts");

/** The fragments `definition` spreads, directly or through other fragments, in the order first met. */
function fragmentsOf(definition: DefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>, found = new Map<string, FragmentDefinitionNode>()): FragmentDefinitionNode[] {
  visit(definition, {
    FragmentSpread(spread) {
      const name = spread.name.value;
      const fragment = fragments.get(name);
      if (!fragment) throw new Error(`${OPERATIONS_SOURCE}: fragment ${name} is spread but not defined`);
      if (found.has(name)) return;
      found.set(name, fragment);
      fragmentsOf(fragment, fragments, found);
    },
  });
  return [...found.values()];
}

/** One document per named operation of `source`, each with the fragments it needs. */
export function compileOperations(source: string): Map<string, DocumentNode> {
  const { definitions } = parse(source, { noLocation: true });
  const fragments = new Map(definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  const documents = new Map<string, DocumentNode>();
  for (const operation of definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)) {
    const name = operation.name?.value;
    if (!name) throw new Error(`${OPERATIONS_SOURCE}: every operation needs a name`);
    if (documents.has(name)) throw new Error(`${OPERATIONS_SOURCE}: operation ${name} is defined twice`);
    documents.set(name, { kind: Kind.DOCUMENT, definitions: [operation, ...fragmentsOf(operation, fragments)] });
  }
  return documents;
}

/** A JavaScript string literal of `text`, in single quotes so that JSON reads as it is. */
const singleQuoted = (text: string) => `'${text.replace(/[\\']/g, "\\$&")}'`;

export function deriveDocumentsModule(source: string): string {
  const lines = [
    "// GENERATED from portal-operations.graphql by scripts/graphql-documents.ts – run `npm run graphql:documents`",
    "// after changing it. The documents as graphql's parser makes them, so that the browser ships no parser.",
    'import type { DocumentNode } from "graphql";',
  ];
  for (const [name, document] of compileOperations(source)) {
    const operation = document.definitions[0] as OperationDefinitionNode;
    lines.push("", `/** ${operation.operation} ${name} */`, `export const ${name}: DocumentNode = JSON.parse(${singleQuoted(JSON.stringify(document))});`);
  }
  return `${lines.join("\n")}\n`;
}

/** What a query is sent over HTTP as: its operation's name and its document's text. */
export function queryRequestOf(name: string, document: DocumentNode): { operationName: string; query: string } {
  return { operationName: name, query: stripIgnoredCharacters(print(document)) };
}

export function deriveRequestsModule(source: string): string {
  const lines = [
    "// GENERATED from portal-operations.graphql by scripts/graphql-documents.ts – run `npm run graphql:documents`",
    "// after changing it. Each query as it is sent over HTTP (lib/client/graphql-query.ts), so that the browser",
    "// ships no GraphQL printer.",
  ];
  for (const [name, document] of compileOperations(source)) {
    if ((document.definitions[0] as OperationDefinitionNode).operation !== "query") continue;
    const { operationName, query } = queryRequestOf(name, document);
    lines.push("", `/** query ${name} */`, `export const ${name}Request = { operationName: ${singleQuoted(operationName)}, query: ${singleQuoted(query)} };`);
  }
  return `${lines.join("\n")}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const source = readFileSync(OPERATIONS_SOURCE, "utf8");
  writeFileSync(DOCUMENTS_FILE, deriveDocumentsModule(source));
  writeFileSync(REQUESTS_FILE, deriveRequestsModule(source));
  console.log(`Wrote ${DOCUMENTS_FILE} and ${REQUESTS_FILE}`);
}

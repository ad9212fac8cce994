// lib/client/graphql/portal-operations.ts is derived from portal-operations.graphql beside it: each
// operation as the document graphql's parser makes of it (without source locations), with the
// fragments it spreads. So the browser is given documents and ships no GraphQL parser (README "Page
// weight"). `npm run graphql:documents` rewrites it; a unit test fails when it is out of date or when
// an operation does not validate against the server's schema.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { Kind, parse, visit, type DefinitionNode, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";

export const OPERATIONS_SOURCE = path.join("lib", "client", "graphql", "portal-operations.graphql");
export const DOCUMENTS_FILE = path.join("lib", "client", "graphql", "portal-operations.ts");

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

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(DOCUMENTS_FILE, deriveDocumentsModule(readFileSync(OPERATIONS_SOURCE, "utf8")));
  console.log(`Wrote ${DOCUMENTS_FILE}`);
}

// Limits on what one GraphQL operation may ask for (style.md: "put a limit on everything"). Pure:
// the operation is measured from its document and the schema alone, before anything runs.
//
//  - depth: levels of nested fields (a root field is level 1); fragments count where they are spread,
//    introspection (`__schema`, `__type`, `__typename`) does not count.
//  - cost: an estimate of the objects the answer can hold. Every field that returns an object costs
//    1 for each time it can appear; a page of a connection appears `first` times (the argument, or its
//    default), any other list of objects UNPAGED_LIST_SIZE times. Scalar fields are free (the query
//    text itself is bounded by the parser's token limit). Fragments on different union members are
//    all added up, so the estimate never undercounts.
import {
  getNamedType,
  isCompositeType,
  isListType,
  isNonNullType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";
import { AppError } from "./app-error";

export const GRAPHQL_LIMITS = {
  /** Levels of nested fields: a receipt's intent terms down to an account's finId are 9. */
  maxDepth: 10,
  /** Estimated objects in one answer (see above). 50 assets with 20 intents each cost about 7,000. */
  maxCost: 10_000,
  /** Page size of a connection when `first` is left out. */
  defaultPageSize: 20,
  /** Largest `first` a connection accepts. */
  maxPageSize: 100,
  /** How many times a list of objects without paging is assumed to repeat (intent accounts, certificates of a plan's parties). */
  unpagedListSize: 10,
  /** Subscriptions one graphql-ws connection may hold open at once. */
  maxSubscriptionsPerConnection: 20,
} as const;

export type GraphqlLimits = typeof GRAPHQL_LIMITS;
export type OperationMeasure = { depth: number; cost: number };

type Measure = OperationMeasure;
type Walk = {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Readonly<Record<string, unknown>>;
  limits: GraphqlLimits;
};

const NOTHING: Measure = { depth: 0, cost: 0 };

function isListOf(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type);
}

/** `first` as written, or its variable's value; null when absent or not a whole number. */
function intArgument(field: FieldNode, name: string, variables: Walk["variables"]): number | null {
  const argument = field.arguments?.find((a) => a.name.value === name);
  if (!argument) return null;
  const value: ValueNode = argument.value;
  if (value.kind === Kind.INT) return Number.parseInt(value.value, 10);
  if (value.kind === Kind.VARIABLE) {
    const given = variables[value.name.value];
    return typeof given === "number" && Number.isInteger(given) ? given : null;
  }
  return null;
}

/** The page size a connection field asks for, within [1, maxPageSize]; null when the field is not paged. */
function pageSizeOf(definition: GraphQLField<unknown, unknown>, field: FieldNode, walk: Walk): number | null {
  const first = definition.args.find((a) => a.name === "first");
  if (!first) return null;
  const asked = intArgument(field, "first", walk.variables) ?? (typeof first.defaultValue === "number" ? first.defaultValue : walk.limits.defaultPageSize);
  return Math.min(Math.max(asked, 1), walk.limits.maxPageSize);
}

function measureField(parent: GraphQLCompositeType, field: FieldNode, walk: Walk, pageSize: number | null): Measure {
  if (field.name.value.startsWith("__")) return NOTHING;
  if (!("getFields" in parent)) return NOTHING; // a union has no fields but __typename
  const definition = parent.getFields()[field.name.value];
  if (!definition) return NOTHING; // unknown fields are the validator's to refuse
  const named = getNamedType(definition.type);
  if (!isCompositeType(named) || !field.selectionSet) return { depth: 1, cost: 0 };
  const ownPage = pageSizeOf(definition, field, walk);
  const inner = measureSelectionSet(named, field.selectionSet, walk, ownPage, new Set());
  // A connection's `nodes` repeat as often as the page the connection field asked for.
  const repeats = isListOf(definition.type) ? (field.name.value === "nodes" && pageSize !== null ? pageSize : walk.limits.unpagedListSize) : 1;
  return { depth: 1 + inner.depth, cost: repeats * (1 + inner.cost) };
}

function measureSelectionSet(
  type: GraphQLCompositeType,
  selectionSet: SelectionSetNode,
  walk: Walk,
  pageSize: number | null,
  spreading: ReadonlySet<string>,
): Measure {
  let depth = 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    let measure: Measure;
    if (selection.kind === Kind.FIELD) {
      measure = measureField(type, selection, walk, pageSize);
    } else {
      const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? walk.fragments.get(selection.name.value) : selection;
      const name = selection.kind === Kind.FRAGMENT_SPREAD ? selection.name.value : null;
      if (!fragment || (name !== null && spreading.has(name))) continue; // cycles are the validator's to refuse
      const condition = fragment.typeCondition ? walk.schema.getType(fragment.typeCondition.name.value) : type;
      if (!condition || !isCompositeType(condition)) continue;
      measure = measureSelectionSet(condition, fragment.selectionSet, walk, pageSize, name === null ? spreading : new Set([...spreading, name]));
    }
    depth = Math.max(depth, measure.depth);
    cost += measure.cost;
  }
  return { depth, cost };
}

/** The operation to run: the one named, or the only one. Null when that is ambiguous or absent. */
export function selectOperation(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | null {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operationName) return operations.find((o) => o.name?.value === operationName) ?? null;
  return operations.length === 1 ? (operations[0] ?? null) : null;
}

/** Depth and estimated cost of the operation of a document that passed validation. */
export function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  options: { operationName?: string | null; variables?: Readonly<Record<string, unknown>> | null; limits?: GraphqlLimits } = {},
): OperationMeasure {
  const operation = selectOperation(document, options.operationName);
  if (!operation) return NOTHING;
  const root = schema.getRootType(operation.operation);
  if (!root) return NOTHING;
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const walk: Walk = { schema, fragments, variables: options.variables ?? {}, limits: options.limits ?? GRAPHQL_LIMITS };
  return measureSelectionSet(root, operation.selectionSet, walk, null, new Set());
}

/** The refusal for an operation over a limit (depth first), or null when it is within both. */
export function operationLimitError(measure: OperationMeasure, limits: GraphqlLimits = GRAPHQL_LIMITS): AppError | null {
  if (measure.depth > limits.maxDepth) {
    return new AppError(
      "UNPROCESSABLE",
      `The query is too deep: ${measure.depth} levels of nested fields, at most ${limits.maxDepth} are allowed. Ask for less nesting, or split the query.`,
      [{ in: "body", path: "query", message: `depth ${measure.depth} exceeds ${limits.maxDepth}` }],
    );
  }
  if (measure.cost > limits.maxCost) {
    return new AppError(
      "UNPROCESSABLE",
      `The query is too costly: it could return about ${measure.cost} objects, at most ${limits.maxCost} are allowed (an object field counts once for each time it can appear, a connection's nodes \`first\` times). Ask for smaller pages or fewer nested lists.`,
      [{ in: "body", path: "query", message: `cost ${measure.cost} exceeds ${limits.maxCost}` }],
    );
  }
  return null;
}

/** `first` of a connection, checked against the page-size limit (null or absent: the default page). */
export function pageSize(first: number | null | undefined, limits: GraphqlLimits = GRAPHQL_LIMITS): number {
  if (first === null || first === undefined) return limits.defaultPageSize;
  if (!Number.isInteger(first) || first < 1 || first > limits.maxPageSize) {
    throw new AppError("VALIDATION_FAILED", `first must be a whole number from 1 to ${limits.maxPageSize}.`, [
      { path: "first", message: `must be from 1 to ${limits.maxPageSize}` },
    ]);
  }
  return first;
}

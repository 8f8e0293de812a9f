// How the SDK names a route: `signet.<resource path>.<method>`, derived from the route table so that a
// route added to the contract gets its method without anyone writing it. The resource path is the
// route's URL collections (a segment that some route follows with an id, e.g. packages/:packageId);
// the method is the route's operation name without the resource's nouns (createPackage under packages
// is `create`, uploadDocument under packages.documents is `upload`). Runs in the code generator
// (scripts/generate-resources.ts) and in its test, never in an integrator's program.

export interface NamedRoute {
  key: string;
  method: string;
  path: string;
}

/** A tree of resources whose leaves are route keys. */
export interface ResourceTree {
  [name: string]: string | ResourceTree;
}

const ORG_PREFIX = ["organizations", ":orgId"];
/** Names the client itself takes: its raw calls and webhook verification (signet.webhooks.verify). */
const RESERVED = new Set(["call", "upload", "download", "webhooks.verify"]);
const FALLBACK_VERB: Record<string, string> = {
  GET: "get",
  POST: "create",
  PUT: "set",
  PATCH: "update",
  DELETE: "delete",
};

const words = (camel: string) => camel.split(/(?=[A-Z])/).map((word) => word.toLowerCase());
const camelOf = (parts: string[]) =>
  parts.map((part, index) => (index === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1))).join("");
const singular = (word: string) =>
  word.endsWith("ies")
    ? `${word.slice(0, -3)}y`
    : word.endsWith("s") && !word.endsWith("ss")
      ? word.slice(0, -1)
      : word;

/** The words left when every run of words that spells a noun (e.g. "e" "vaults" for evaults) is taken out. */
function withoutNouns(all: string[], nouns: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (let start = 0; start < all.length; ) {
    let end = all.length;
    while (end > start && !nouns.has(singular(all.slice(start, end).join("")))) end--;
    if (end > start) start = end;
    else kept.push(all[start++]!);
  }
  return kept;
}

/** The path's segments below /organizations/:orgId (the organization is a parameter of every call, not a resource). */
function segmentsOf(path: string): string[] {
  const segments = path.split("/").filter(Boolean);
  const underOrg = ORG_PREFIX.every((segment, index) => segments[index] === segment);
  if (!underOrg) return segments;
  const rest = segments.slice(ORG_PREFIX.length);
  return rest.length === 0 ? ["organizations"] : rest;
}

const shapeOf = (segments: string[]) => segments.map((segment) => (segment.startsWith(":") ? ":" : segment));

/** Resource path and method name of every route; throws when two routes would get the same name. */
export function resourceTree(routes: readonly NamedRoute[]): ResourceTree {
  // a segment is a collection when some route addresses one of its members by id
  const collections = new Set<string>();
  for (const route of routes) {
    const shape = shapeOf(segmentsOf(route.path));
    shape.forEach((segment, index) => {
      if (segment !== ":" && shape[index + 1] === ":") collections.add(shape.slice(0, index + 1).join("/"));
    });
  }

  const named = routes.map((route) => {
    const segments = segmentsOf(route.path);
    const shape = shapeOf(segments);
    const resource: string[] = [];
    for (let index = 0; index < segments.length; index++) {
      const segment = segments[index]!;
      if (segment.startsWith(":")) continue;
      if (index > 0 && !collections.has(shape.slice(0, index + 1).join("/"))) break;
      resource.push(segment);
    }
    const nouns = new Set(
      resource.flatMap((segment) => [segment.replaceAll("-", ""), ...segment.split("-")]).map(singular),
    );
    const rest = withoutNouns(words(route.key), nouns);
    const name = rest.length > 0 ? camelOf(rest) : (FALLBACK_VERB[route.method] ?? route.method.toLowerCase());
    return { key: route.key, resource: resource.map((segment) => camelOf(segment.split("-"))), name };
  });

  // two routes of one resource with one name, or a name taken by a sub-resource or by the client:
  // those routes keep their full operation name
  const at = (entry: (typeof named)[number]) => [...entry.resource, entry.name].join(".");
  const count = new Map<string, number>();
  for (const entry of named) count.set(at(entry), (count.get(at(entry)) ?? 0) + 1);
  const resourcePaths = new Set(
    named.flatMap((entry) => entry.resource.map((_, i) => entry.resource.slice(0, i + 1).join("."))),
  );
  for (const entry of named) {
    if (count.get(at(entry))! > 1 || resourcePaths.has(at(entry)) || RESERVED.has(at(entry))) entry.name = entry.key;
  }

  const tree: ResourceTree = {};
  for (const entry of named) {
    let node = tree;
    for (const part of entry.resource) {
      const next = node[part];
      if (typeof next === "string") throw new Error(`${entry.key}: resource ${part} is also a method (${next})`);
      if (next === undefined) node[part] = {};
      node = node[part] as ResourceTree;
    }
    if (node[entry.name] !== undefined) throw new Error(`${entry.key} and another route are both ${at(entry)}`);
    node[entry.name] = entry.key;
  }
  return tree;
}

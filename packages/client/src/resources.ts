import { type RouteDef, routes } from "@signet/contract";
import type { z } from "zod";
import { RESOURCES } from "./resources.generated.ts";
import type {
  CallInput,
  CallResult,
  DownloadInput,
  MultipartRoute,
  RequestOptions,
  SignetClient,
  UploadInput,
} from "./signet-client.ts";

// The resource methods (signet.packages.create, signet.packages.documents.upload, …): one function
// per leaf of the generated tree, each a call, upload or download of its route through the one
// SignetClient, typed from the route's schemas.

type Routes = typeof routes;

/** The organization may be left out of `params` when the client was given a default `orgId`. */
type OrgOptional<I> = I extends { params: infer P }
  ? "orgId" extends keyof P
    ? Omit<P, "orgId"> & { orgId?: string } extends infer Q
      ? object extends Q
        ? Omit<I, "params"> & { params?: Q }
        : Omit<I, "params"> & { params: Q }
      : never
    : I
  : I;
type Args<I> = object extends I ? [input?: I] : [input: I];

type RecordOf<R extends RouteDef> = CallResult<R> extends { records: (infer T)[]; count: number } ? T : never;
type Paged<R extends RouteDef> = R["query"] extends z.ZodType
  ? "pageNumber" extends keyof z.input<R["query"]>
    ? [RecordOf<R>] extends [never]
      ? unknown
      : {
          /** Every record over all pages, fetched a page at a time as the loop asks for more. */
          all(...input: Args<OrgOptional<CallInput<R>>>): AsyncIterable<RecordOf<R>>;
        }
    : unknown
  : unknown;

/** The function a route becomes: upload for multipart routes, download for file routes, else a JSON call. */
export type RouteMethod<R extends RouteDef> = R extends MultipartRoute
  ? (input: OrgOptional<UploadInput<R>>) => Promise<CallResult<R>>
  : R extends { produces: string }
    ? (...input: Args<OrgOptional<DownloadInput<R>>>) => Promise<Uint8Array>
    : ((...input: Args<OrgOptional<CallInput<R>>>) => Promise<CallResult<R>>) & Paged<R>;

export type Resources<T = typeof RESOURCES> = {
  [K in keyof T]: T[K] extends keyof Routes ? RouteMethod<Routes[T[K]]> : Resources<T[K]>;
};

type AnyInput = { params?: Record<string, string>; query?: Record<string, unknown> } & RequestOptions;
type Leaf = (input?: AnyInput) => Promise<unknown>;

/** Builds the resource methods over one client; `orgId` fills the organization of calls that leave it out. */
export function buildResources(client: SignetClient, orgId: string | undefined): Resources {
  const withOrg = (input: AnyInput = {}): AnyInput =>
    orgId === undefined || input.params?.orgId !== undefined ? input : { ...input, params: { ...input.params, orgId } };

  function method(route: RouteDef): Leaf {
    const loose = client as unknown as Record<
      "call" | "upload" | "download",
      (route: RouteDef, input: unknown) => Promise<unknown>
    >;
    if (route.multipart) return (input) => loose.upload(route, withOrg(input));
    if (route.produces) return (input) => loose.download(route, withOrg(input));
    const call: Leaf = (input) => loose.call(route, withOrg(input));
    return Object.assign(call, { all: (input?: AnyInput) => pages(call, input) });
  }

  function build(tree: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(tree).map(([name, node]) => [
        name,
        typeof node === "string" ? method(routes[node as keyof Routes]) : build(node as Record<string, unknown>),
      ]),
    );
  }
  return build(RESOURCES) as Resources;
}

/** Walks the API's paging (pageNumber from 1; `count` is the total over all pages) one page at a time. */
async function* pages(call: Leaf, input: AnyInput = {}): AsyncGenerator<unknown> {
  let pageNumber = Number(input.query?.pageNumber ?? 1);
  // the server's default page size is whatever a full first page holds
  let pageSize = input.query?.pageSize === undefined ? null : Number(input.query.pageSize);
  for (; ; pageNumber++) {
    const page = (await call({ ...input, query: { ...input.query, pageNumber } })) as {
      records: unknown[];
      count: number;
    };
    yield* page.records;
    pageSize ??= page.records.length;
    // a short or empty page ends the walk even when `count` says more (records deleted meanwhile)
    if (page.records.length < pageSize || page.records.length === 0 || pageNumber * pageSize >= page.count) return;
  }
}

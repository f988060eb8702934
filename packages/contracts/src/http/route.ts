import type { z } from 'zod';
import type { RightName } from '../rights';

/**
 * Who may call a route, declared on its contract and enforced by one server hook before the body is read:
 * - `public`: anyone, signed in or not;
 * - `user`: any signed-in user (staff, manager, client);
 * - `staff`: partner staff with no particular right; `{ staff: right }` or `{ staff: [a, b] }` one of the rights;
 * - `manager`: a platform manager (`{ manager: right }` with a right);
 * - `client`: a buyer of a shop.
 */
export type Access = 'public' | 'user' | 'staff' | 'manager' | 'client' | { staff: RightName | readonly RightName[] } | { manager: RightName };

export interface UploadCaps {
  maxFiles: number;
  maxFileBytes: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT';

/** Statuses a contract may declare in `answers`. */
export type ExtraStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

/** Calls told apart by `field`: those not in `except` (or, given `only`, those in it) need `access` as well. */
export type StricterAccess = { field: string; access: Access } & ({ except: readonly string[] } | { only: readonly string[] });

/** Whether a call whose deciding field has `value` needs the stricter access. */
export const stricterApplies = (stricter: StricterAccess, value: string): boolean =>
  'only' in stricter ? stricter.only.includes(value) : !stricter.except.includes(value);

export interface RouteContract<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify's syntax: `/v3/api/partner/order/:id/`. */
  path: string;
  access: Access;
  /**
   * A stronger access for some calls of the route, told apart by a field of the query or body: a call whose
   * `field` is not one of `except` needs `access` as well (checked once the body is read). E.g. every viewer may
   * POST an order's action=export, only editors the other actions.
   */
  stricter?: StricterAccess;
  summary: string;
  tags: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  /** The answer with HTTP 200. */
  answer: A;
  /**
   * The media types of a file answer (a picture, an .xlsx, a PDF): its 200 is that file, not JSON. The API
   * document declares them, with `answer` (fileBytes) as a binary string.
   */
  answerType?: readonly string[];
  /**
   * Answers the route gives besides those the API document derives from the contract (400 for malformed input,
   * 401 and 403 from `access` and `stricter`, 404 from path parameters, 413 and 415 on a POST, 429 from a rate limit
   * given to addRoute): the status and when it comes. The body is `{ error, error_description }` (transportError)
   * unless `schema` says otherwise.
   */
  answers?: Partial<Record<ExtraStatus, string | { description: string; schema: z.ZodType }>>;
  /**
   * A form: a body that fails its schema answers 200 `{ SUCCESS: "N", errors }` keyed by field, as the spec's
   * screens expect, instead of a 400.
   */
  form?: boolean;
  /**
   * The body may be multipart with files (read into request.uploads); its text fields are validated by `body`.
   * A file over `maxFileBytes` reaches the route cut to `maxFileBytes + 1` bytes, so that the route answers its own
   * field message (checkUpload); the whole body may be `maxFiles` × `maxFileBytes` over the form's cap.
   */
  files?: UploadCaps;
}

/** Declares a route contract, keeping its exact schema types. */
export const route = <P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | undefined, A extends z.ZodType>(
  contract: RouteContract<P, Q, B, A>,
) => contract;

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends: the path parameters, the query and the body, each as its schema takes it. */
export type CallInput<C> =
  C extends RouteContract<infer P, infer Q, infer B, z.ZodType>
    ? (P extends z.ZodType ? { params: Input<P> } : { params?: undefined }) &
        (Q extends z.ZodType ? { query?: Input<Q> } : { query?: undefined }) &
        (B extends z.ZodType ? { body?: Input<B> } : { body?: undefined })
    : never;

/** The answer's type of a contract. */
export type Answer<C> = C extends RouteContract<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer A> ? z.output<A> : never;

/** An answer the web receives: a refused action (`SUCCESS: "N"`) rejects, so only the done variant resolves. */
export type Resolved<C> = Exclude<Answer<C>, { SUCCESS: 'N' }>;

/** The path with its `:name` parameters filled in. */
export function pathOf(contract: Pick<RouteContract, 'path'>, params?: Record<string, string | number>): string {
  return contract.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${contract.path}`);
    return encodeURIComponent(String(value));
  });
}

import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { transportError } from '@b2b/contracts/http/envelope';
import type { Access, RouteContract } from '@b2b/contracts/http/route';
import { LIMITS } from '@b2b/contracts/limits';
import { bodyCapsOf } from './body-caps';

/*
 * What the API document says a contract route answers (issue 37.8), derived from its contract the way the server
 * really answers: the wire conventions (ARCHITECTURE §4), the input guard, the body caps, the access guard and the
 * error handler. The conformance test (api-conformance.api.test.ts) replays generated requests against every
 * documented operation and fails on any status or body the document does not declare.
 */

/** The input rules every route holds (input-guard.ts, form-body.ts): said once in the document and in each 400. */
export const INPUT_RULES =
  `Every text of the query, path and body (and a file's name) is refused with 400 when it holds a control character ` +
  `(U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+007F; tab, line feed and carriage return are allowed) or is longer ` +
  `than ${LIMITS.queryValueMaxChars} characters in the query or ${LIMITS.textValueMaxChars} in the body; a JSON body ` +
  `nested deeper than ${LIMITS.jsonMaxDepth} is refused with 400. Numbers travel as plain digits and days as ` +
  `YYYY-MM-DD or dd.MM.yyyy within ${LIMITS.dateMin}…${LIMITS.dateMax}; each field's schema gives its range.`;

/** An answer as the swagger transform takes it: a description and its content by media type. */
interface DocAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** A file's bytes in the document. */
const binary = z.string().meta({ format: 'binary' });

const json = (description: string, schema: z.ZodType = transportError): DocAnswer => ({ description, content: { 'application/json': { schema } } });

const signedIn = (access: Access) => access !== 'public';
/** Whether the access guard can refuse a signed-in user (a kind or a right it lacks): every access but public and user. */
const refusesSignedIn = (access: Access) => access !== 'public' && access !== 'user';

const kb = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`);

/** The answers of a contract route by status; `rateLimit` is the route's own request limit (addRoute's option). */
export function documentedAnswers(contract: RouteContract, rateLimit?: { max: number; timeWindow: string }): Record<string, DocAnswer> {
  const { access, stricter } = contract;
  const answers: Record<string, DocAnswer> = {};

  answers[200] = contract.answerType?.length
    ? {
        description: 'The file (Content-Disposition names it)',
        content: Object.fromEntries(contract.answerType.map((type) => [type, { schema: binary }])),
      }
    : json(
        contract.form
          ? 'The answer. A form: a field it refuses answers HTTP 200 too, with {"SUCCESS":"N","errors":{field: Russian message}} (the spec\'s convention); SUCCESS=Y when done'
          : 'The answer',
        contract.answer,
      );

  const checked = [contract.query && 'a query value', contract.body && !contract.form && 'a body field'].filter(Boolean);
  answers[400] = json(
    `Malformed input: ${checked.length ? `${checked.join(' or ')} its schema refuses, ` : ''}a control character or an over-long text ` +
      `anywhere in the request${contract.body ? ', a body that does not parse' : ''}${contract.form ? ' (a form answers its own fields with SUCCESS=N)' : ''}`,
  );
  if (signedIn(access) || stricter) {
    answers[401] = json('No access token, an unknown or revoked one, or an expired one (error_description then contains "expired")');
  }
  if (refusesSignedIn(access) || (stricter && refusesSignedIn(stricter.access))) {
    answers[403] = json("The signed-in user's kind or rights do not admit this call");
  }
  if (contract.params) answers[404] = json("Not found: a path naming nothing, another partner's row, or a malformed id");
  if (contract.method !== 'GET') {
    const caps = bodyCapsOf(contract);
    answers[413] = json(
      contract.body
        ? `The body is over its cap: ${kb(caps.formBytes)}${contract.files ? `, or ${kb(caps.multipartBytes)} as multipart with its files (each at most ${kb(contract.files.maxFileBytes)})` : ''}; the connection closes after the answer`
        : `The call takes no body: one over ${kb(caps.formBytes)} is refused and the connection closes after the answer`,
    );
    answers[415] = json('A body in a media type other than application/x-www-form-urlencoded, multipart/form-data or application/json');
  }
  if (rateLimit) answers[429] = json(`More than ${rateLimit.max} calls a ${rateLimit.timeWindow.replace(/^1 /, '')} from one address (Retry-After)`);

  for (const [status, extra] of Object.entries(contract.answers ?? {})) {
    const more = typeof extra === 'string' ? json(extra) : json(extra.description, extra.schema);
    const known = answers[status];
    // A status derived already and declared again: its descriptions together, its schema the contract's.
    answers[status] = known && typeof extra === 'string' ? { ...known, description: `${known.description}; ${more.description}` } : more;
  }
  return answers;
}

/** The media types a route's body may come in: a form, multipart when it takes files, or JSON. */
const bodyTypes = (contract: RouteContract) =>
  contract.files
    ? ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json']
    : ['application/x-www-form-urlencoded', 'application/json', 'multipart/form-data'];

/**
 * The schema the API document shows for a contract route: its answers by status, no bearer requirement for a public
 * route (an optional one where a stricter call needs a user), the body's media types and the input rules.
 */
export function documentedSchema(schema: FastifySchema, contract: RouteContract, rateLimit?: { max: number; timeWindow: string }): FastifySchema {
  const open = contract.access === 'public';
  return {
    ...schema,
    response: documentedAnswers(contract, rateLimit),
    ...(open ? { security: contract.stricter ? [{}, { bearer: [] }] : [] } : {}),
    ...(contract.body ? { consumes: bodyTypes(contract) } : {}),
  };
}

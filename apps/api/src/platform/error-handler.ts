import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, httpStatusOf } from './errors.ts';
import { describeForLog } from './safe-log.ts';

export const TOO_LARGE_MESSAGE =
  'The request is too large (10 MB at most). Please reduce the size of your attachment or image before trying again.';

export const humanise = (field: string) =>
  field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)
    .replace(/^./, (c) => c.toUpperCase());

/** Zod's built-in messages name no field; custom messages from the contracts pass through. */
function friendlyMessage(label: string, raw: string): string {
  if (/received undefined/.test(raw)) return `${label} is required`;
  if (/^Invalid option: expected one of/.test(raw))
    return `${label}: choose one of ${raw.split('one of ')[1]?.replace(/"/g, '').replace(/\|/g, ', ')}`;
  if (/^(Invalid|Too (small|big))/.test(raw)) return `${label}: ${raw}`;
  return raw;
}

/** Postgres error codes that mean the request, not the server, was at fault. */
const pgClientErrors: Record<string, [number, string]> = {
  '23505': [409, 'A record with this value already exists'],
  '23503': [400, 'A referenced record does not exist'],
  '23514': [400, 'A value breaks a rule of this record'],
  '22P02': [400, 'A value has the wrong format'],
  '22003': [400, 'A number is out of range'],
  '22007': [400, 'A date or time has the wrong format'],
  '22008': [400, 'A date is out of range: use a real date such as 2026-03-14'],
  '22001': [400, 'A text is too long'],
  '54001': [400, 'The request is nested too deeply'],
};

function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * What the request did wrong, in words, when an error is the request's fault (a domain error, or a
 * database refusal of a value or a rule); undefined for a fault of the server. A batch that
 * answers per item (the offline sync) uses it to refuse one item and go on with the others.
 */
export function clientFaultOf(error: unknown): string | undefined {
  if (error instanceof AppError) return error.message;
  const code = pgCode(error);
  return code ? pgClientErrors[code]?.[1] : undefined;
}

/**
 * Rules kept by a database trigger that raises its refusal in the user's terms (the constraint name
 * it gives): the message is shown as written. Going live (#36): nothing posts before go-live.
 */
const SELF_EXPLAINED_RULES = new Set(['journal_entries_after_go_live']);

function selfExplainedRule(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { constraint, message } = e as { constraint?: unknown; message?: unknown };
    if (typeof constraint === 'string' && SELF_EXPLAINED_RULES.has(constraint) && typeof message === 'string')
      return message;
  }
  return undefined;
}

/**
 * One error format everywhere: `{message, errors?}` with the message first, because the web
 * client shows the first value of the body (SPEC section 8). Bad input never becomes a 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const domainError: unknown = error;
    if (domainError instanceof AppError) {
      const { message, errors } = domainError;
      return reply.code(httpStatusOf(domainError)).send({ message, ...(errors ? { errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const part = error.validationContext ?? 'body';
        const field = path || (part === 'querystring' ? 'query' : part);
        const message = path
          ? friendlyMessage(humanise(field), issue.message ?? 'Invalid value')
          : wholePartMessage(field, issue.message ?? '');
        errors[field] = [...(errors[field] ?? []), message];
      }
      const first = Object.values(errors)[0]?.[0] ?? 'Invalid request';
      return reply.code(400).send({ message: first, errors });
    }
    const code = pgCode(error);
    const explained = code === '23514' ? selfExplainedRule(error) : undefined;
    if (explained) return reply.code(400).send({ message: explained });
    const mapped = code ? pgClientErrors[code] : undefined;
    if (mapped) return reply.code(mapped[0]).send({ message: mapped[1] });
    // drizzle refuses an update that sets nothing; the input guard answers this first for
    // partial updates, this catches a use case that empties its own update.
    if (error.message === 'No values to set') return reply.code(400).send({ message: 'Nothing to update' });
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ message: TOO_LARGE_MESSAGE });
    if (status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: describeForLog(error), route: request.routeOptions.url }, 'request failed');
    return reply.code(500).send({ message: 'Unexpected error; it has been logged' });
  });
}

/** A whole body or query of the wrong shape (an array, a string, nothing): no field to name. */
function wholePartMessage(part: string | undefined, raw: string): string {
  const what = part === 'query' ? 'The query string' : part === 'params' ? 'The address' : 'The request body';
  if (/expected object/.test(raw)) return `${what} must be a JSON object with the fields to save`;
  return `${what} is not valid: ${raw}`;
}

/**
 * Errors Fastify raises before routing (a malformed URL such as `/api/%ff`): the app's shape, not
 * Fastify's `{error, code, statusCode}`. Passed to the Fastify factory as `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid' : 'The request is not valid';
  reply.code(status).send({ message });
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, httpStatusOf } from './errors.ts';

const humanise = (field: string) =>
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
};

function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
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
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || request.routeOptions.url || 'request';
        const message = friendlyMessage(humanise(field), issue.message ?? 'Invalid value');
        errors[field] = [...(errors[field] ?? []), message];
      }
      const first = Object.values(errors)[0]?.[0] ?? 'Invalid request';
      return reply.code(400).send({ message: first, errors });
    }
    const code = pgCode(error);
    const mapped = code ? pgClientErrors[code] : undefined;
    if (mapped) return reply.code(mapped[0]).send({ message: mapped[1] });
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Unexpected error; it has been logged' });
  });
}

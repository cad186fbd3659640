import { ConflictError, ValidationError } from './errors.ts';

/** What a constraint violation means to the user: a field and a message (409 for uniques). */
export type ConstraintMessages = Record<string, { field: string; message: string }>;

function pgFields(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
  }
  return {};
}

/**
 * Runs a write and turns the database's refusal (unique, foreign key, check) into a typed error
 * naming the field, so the rule lives in a constraint and the user still reads a clear message.
 */
export async function explainConstraints<T>(messages: ConstraintMessages, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const { code, constraint } = pgFields(error);
    const known = constraint ? messages[constraint] : undefined;
    if (known && code === '23505') throw new ConflictError(known.message, { [known.field]: [known.message] });
    if (known) throw new ValidationError(known.message, { [known.field]: [known.message] });
    throw error;
  }
}

/** The constraint a database error names (looking through the driver's wrapping `cause`s), if any. */
export function constraintOf(error: unknown): string | undefined {
  return pgFields(error).constraint;
}

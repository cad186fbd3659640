/** An error reply from the API, handed to the caller when SPEC's catalogue says so. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** True when the client already sent the visitor to an error screen or signed them out. */
  readonly handled: boolean;

  constructor(status: number, body: unknown, handled = false) {
    super(messageOf(body) ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.handled = handled;
  }

  /** Validation messages per field, from `{errors: {field: [messages]}}`. */
  get fieldErrors(): Record<string, string> {
    const errors = isRecord(this.body) ? this.body.errors : undefined;
    if (!isRecord(errors)) return {};
    const result: Record<string, string> = {};
    for (const [field, messages] of Object.entries(errors)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (typeof first === 'string') result[field] = first;
    }
    return result;
  }

  /** The API's `message`, if it sent one. */
  get serverMessage(): string | null {
    return messageOf(this.body);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageOf(body: unknown): string | null {
  return isRecord(body) && typeof body.message === 'string' ? body.message : null;
}

/** SPEC: for 400 and 406 the toast shows the first value of the response body object. */
export function firstValueOf(body: unknown): string | null {
  if (typeof body === 'string') return body || null;
  if (Array.isArray(body)) return firstValueOf(body[0]);
  if (isRecord(body)) {
    const [first] = Object.values(body);
    return first === undefined ? null : firstValueOf(first);
  }
  return null;
}

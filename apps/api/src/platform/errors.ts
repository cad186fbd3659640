/** Typed domain errors; `toHttp` below is the one table that maps them to HTTP statuses. */
export class AppError extends Error {
  constructor(
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
/** Bad input, or a business rule that refuses the request as sent. */
export class ValidationError extends AppError {}
export class UnauthorizedError extends AppError {}
export class ForbiddenError extends AppError {}
export class NotFoundError extends AppError {}
/** The record's state does not allow it (already approved, duplicate number...). */
export class ConflictError extends AppError {}
export class TooManyRequestsError extends AppError {}

const statusOf: [new (...args: never[]) => AppError, number][] = [
  [ValidationError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [TooManyRequestsError, 429],
];

export function httpStatusOf(error: AppError): number {
  return statusOf.find(([type]) => error instanceof type)?.[1] ?? 400;
}

/** Field error helper: `fieldError('email', 'Already used')`. */
export function fieldError(field: string, message: string): ValidationError {
  return new ValidationError(message, { [field]: [message] });
}

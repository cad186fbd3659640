import { type FormEvent, useCallback, useState } from 'react';
import { ApiError } from './api-error.ts';
import { i18n } from './i18n.ts';
import { toastSuccess } from './notify.ts';

/**
 * A small form state helper: values, per-field errors from the contract's zod schema (client)
 * and from the API's `errors` object (server), and a form-level message.
 */
type Issue = { path: PropertyKey[]; code: string; message: string; minimum?: unknown; format?: string };
type SafeParse<Out> = { success: true; data: Out } | { success: false; error: { issues: Issue[] } };
export interface Validator<Out> {
  safeParse: (value: unknown) => SafeParse<Out>;
}

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export function useForm<V extends Record<string, unknown>>(initialValues: V) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const setValue = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }, []);

  /** Props for text inputs: value, onChange(event), error. */
  const text = <K extends keyof V & string>(key: K) => ({
    name: key,
    value: String(values[key] ?? ''),
    onChange: (event: { currentTarget: { value: string } }) =>
      setValue(key, event.currentTarget.value as V[K]),
    error: errors[key],
  });

  /** Props for value-based controls (Select, MultiSelect, Switch via custom mapping). */
  const control = <K extends keyof V & string>(key: K) => ({
    value: values[key],
    onChange: (value: V[K]) => setValue(key, value),
    error: errors[key],
  });

  /** Validates with a contract schema; on failure shows translated messages per field. */
  function validate<Out>(schema: Validator<Out>, input: unknown = values): Out | null {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    const next: FieldErrors<V> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '') as keyof V & string;
      next[field] ??= translateIssue(issue);
    }
    setErrors(next);
    return null;
  }

  /** Shows an API refusal: field messages on the fields, anything else above the form. */
  function showApiError(error: unknown): void {
    if (!(error instanceof ApiError) || error.handled) return;
    const fields = error.fieldErrors;
    const known: FieldErrors<V> = {};
    const unknownMessages: string[] = [];
    for (const [field, message] of Object.entries(fields)) {
      if (field in values) known[field as keyof V & string] = message;
      else unknownMessages.push(message);
    }
    setErrors(known);
    const hasFieldErrors = Object.keys(known).length > 0;
    setFormError(unknownMessages[0] ?? (hasFieldErrors ? null : error.serverMessage));
  }

  /**
   * The callbacks of a save sent from this form: the reply's message toasted, then `then` (close
   * the modal, open the record); a refusal shown on the form.
   */
  const saved = <R extends { message: string }>(then: (reply: R) => void) => ({
    onSuccess: (reply: R) => {
      toastSuccess(reply.message);
      then(reply);
    },
    onError: showApiError,
  });

  const onSubmit = (handler: () => void) => (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    handler();
  };

  // Stable, so a form can reset itself from data in an effect without running that effect (and
  // undoing what the user typed) on every render; the initial values are the first render's.
  const [firstValues] = useState(initialValues);
  const reset = useCallback(
    (next: V = firstValues) => {
      setValues(next);
      setErrors({});
      setFormError(null);
    },
    [firstValues],
  );

  return {
    values,
    setValue,
    errors,
    setErrors,
    formError,
    text,
    control,
    validate,
    showApiError,
    saved,
    onSubmit,
    reset,
  };
}

export type FormState<V extends Record<string, unknown>> = ReturnType<typeof useForm<V>>;

/** Maps a zod issue to a message in the visitor's language; unknown issues keep their text. */
export function translateIssue(issue: Issue): string {
  const field = String(issue.path[0] ?? '');
  switch (issue.code) {
    case 'too_small':
      return typeof issue.minimum === 'number' && issue.minimum > 1
        ? i18n.t('validation.minLength', { count: issue.minimum })
        : i18n.t('validation.required');
    case 'too_big':
      return i18n.t('validation.tooLong');
    case 'invalid_type':
      return i18n.t('validation.required');
    case 'invalid_value':
      return i18n.t('validation.choose');
    case 'invalid_format':
      if (issue.format === 'email') return i18n.t('validation.email');
      if (field === 'mobile') return i18n.t('validation.mobile');
      if (field === 'otp' || field === 'code') return i18n.t('validation.code');
      if (field === 'farmerId') return i18n.t('validation.chooseFarmer');
      return i18n.t('validation.format');
    case 'custom':
      if (field === 'password_confirmation') return i18n.t('validation.passwordsDiffer');
      if (field === 'password') return i18n.t('validation.passwordUnchanged');
      return issue.message;
    default:
      return issue.message;
  }
}

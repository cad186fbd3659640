import { i18n } from './i18n.ts';

/**
 * SPEC's success messages in the user's language (issues #20, #35). The server answers in English
 * ("Journal entry approved successfully", "Collection CR-0001 recorded successfully"); an English
 * screen shows it as it is, a Swahili one the whole sentence written for that subject and action
 * (`success.messages.<subject>.<action>`: "Ingizo la jarida limeidhinishwa kwa mafanikio"), so the
 * verb agrees with its noun, with any document number or count the server named. Text the client
 * wrote itself passes through unchanged.
 */

/** Messages the client words from its own keys: `successText(key)`, in the user's language. */
export type SuccessKey =
  | 'passwordChanged'
  | 'otpResent'
  | 'passwordReset'
  | 'signedIn'
  | 'linesMatched'
  | 'matchUndone';

/** The server's words for each (its English is SPEC's), so its own reply reads the same. */
export const SERVER_WORDS: Record<string, SuccessKey> = {
  'Password changed successful': 'passwordChanged',
  'OPT resend successfully': 'otpResent',
  'Password resset successful Please login now': 'passwordReset',
  'Signed in successfully': 'signedIn',
  'Lines matched successfully': 'linesMatched',
  'Match undone successfully': 'matchUndone',
};

const ACTIONS = [
  'created',
  'updated',
  'approved',
  'cancelled',
  'rejected',
  'reversed',
  'closed',
  'recorded',
  'registered',
  'saved',
  'imported',
  'allocated',
  'deleted',
  'published',
  'added',
  'distributed',
  'marked paid',
  'removed',
  'started',
  'reopened',
  'proposed',
  'confirmed',
];
const PATTERN = new RegExp(`^(.+?) (${ACTIONS.join('|')}) successfully\\.?$`);
/** A document number or code the server put after the subject: "Collection CR-0001", "Farmer F-12". */
const REFERENCE = /^(.*?)\s+([A-Z0-9][A-Z0-9/-]*\d[A-Z0-9/-]*)$/;
/** A count the server put before the subject: "1,250 farmers". */
const COUNT = /^([\d,]+)\s+(.*)$/;

const camel = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');

/** Keys are built from the server's words here, so they are checked with i18n.exists, not by type. */
const t = i18n.t.bind(i18n) as unknown as (key: string, options?: Record<string, string>) => string;

/** A success message by key, in the user's language: what a screen shows after its own action. */
export function successText(key: SuccessKey): string {
  return t(`success.${key}`);
}

/** The key of a server success message and the number it named, or undefined for other text. */
export function successKey(message: string): { key: string; reference: string; count: string } | undefined {
  const match = PATTERN.exec(message);
  if (!match) return undefined;
  const [, rawSubject = '', action = ''] = match;
  const counted = COUNT.exec(rawSubject);
  const referenced = counted ? null : REFERENCE.exec(rawSubject);
  const subject = counted?.[2] ?? referenced?.[1] ?? rawSubject;
  return {
    key: `success.messages.${camel(subject)}.${camel(action)}`,
    reference: referenced?.[2] ?? '',
    count: counted?.[1] ?? '',
  };
}

export function successMessage(message: string): string {
  const fixed = SERVER_WORDS[message];
  if (fixed) return successText(fixed);
  const found = successKey(message);
  if (!found) return message;
  if (i18n.language === 'en') return message;
  if (!i18n.exists(found.key)) return t('success.generic');
  return t(found.key, { reference: found.reference, count: found.count });
}

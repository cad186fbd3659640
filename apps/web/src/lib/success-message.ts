import { i18n } from './i18n.ts';

/**
 * SPEC's success messages in the user's language (issue #20). The server answers in English
 * ("Journal entry approved successfully", "Collection CR-0001 recorded successfully"); the client
 * shows its own text for the same message: subject and action from `success.*` keys, with any
 * document number the server named. Text the client wrote itself passes through unchanged.
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
];
const PATTERN = new RegExp(`^(.+?) (${ACTIONS.join('|')}) successfully\\.?$`);
/** A document number or code the server put after the subject: "Collection CR-0001", "Farmer F-12". */
const REFERENCE = /^(.*?)\s+([A-Z0-9][A-Z0-9/-]*\d[A-Z0-9/-]*)$/;

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

export function successMessage(message: string): string {
  const fixed = SERVER_WORDS[message];
  if (fixed) return successText(fixed);
  const match = PATTERN.exec(message);
  if (!match) return message;
  const [, rawSubject = '', action = ''] = match;
  const reference = REFERENCE.exec(rawSubject);
  const subject = reference ? (reference[1] ?? '') : rawSubject;
  const subjectKey = `success.subjects.${camel(subject)}`;
  const actionKey = `success.actions.${camel(action)}`;
  if (!i18n.exists(subjectKey) || !i18n.exists(actionKey)) {
    return i18n.language === 'en' ? message : t('success.generic');
  }
  const named = reference ? `${t(subjectKey)} ${reference[2]}` : t(subjectKey);
  return t('success.message', { subject: named, action: t(actionKey) });
}

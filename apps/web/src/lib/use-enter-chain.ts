import { type KeyboardEvent, useEffect, useRef } from 'react';

type Focusable = HTMLInputElement | HTMLSelectElement;

interface EnterChainOptions<F extends string> {
  /** Enter on the last field: usually the save. */
  onLast: () => void;
  /** True keeps the cursor on `field` (the caller shows why), e.g. a number that names no one. */
  holds?: (field: F) => boolean;
}

/**
 * A keyboard-only form: the cursor starts on the first field, Enter moves to the next field in
 * `order` (selecting its text, so typing replaces it) and Enter on the last one calls `onLast`.
 * Spread `bind(field)` on each field of the chain; `focus(field)` puts the cursor back anywhere.
 */
export function useEnterChain<F extends string>(order: readonly F[], options: EnterChainOptions<F>) {
  const refs = useRef<Partial<Record<F, Focusable | null>>>({});
  const first = order[0];

  const focus = (field: F) => {
    const el = refs.current[field];
    el?.focus();
    if (el instanceof HTMLInputElement) el.select();
  };

  useEffect(() => {
    if (first) refs.current[first]?.focus();
  }, [first]);

  const onKeyDown = (field: F) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (options.holds?.(field)) {
      focus(field);
      return;
    }
    const next = order[order.indexOf(field) + 1];
    if (next) focus(next);
    else options.onLast();
  };

  const bind = (field: F) => ({
    ref: (el: Focusable | null) => {
      refs.current[field] = el;
    },
    onKeyDown: onKeyDown(field),
  });

  return { bind, focus };
}

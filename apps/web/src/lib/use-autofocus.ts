import { useEffect, useRef } from 'react';

/** Focuses an element once, after mount: the first field of a page form. */
export function useAutofocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

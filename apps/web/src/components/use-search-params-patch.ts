import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type ParamsPatch = Record<string, string | null | undefined>;

/**
 * The address's search params and a way to change some of them, keeping the rest.
 * React Router hands a functional update the params of the last render, so two changes made
 * before the page re-renders (two filters picked quickly) would lose the first; each patch here
 * builds on the one before it.
 */
export function useSearchParamsPatch() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const patch = useCallback(
    (changes: ParamsPatch, options: { replace?: boolean } = { replace: true }) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      latest.current = next;
      setParams(next, options);
    },
    [setParams],
  );
  return [params, patch] as const;
}

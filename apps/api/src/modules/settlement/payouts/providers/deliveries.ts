/**
 * Callbacks an adapter hands to the app's handler itself (a provider whose reply already carries
 * the payment's end): each runs after the send returns, and stop() waits for those in flight.
 */
export function deliveries() {
  let deliver: ((headers: Record<string, string>, body: string) => Promise<void>) | undefined;
  const pending = new Set<Promise<unknown>>();
  let stopped = false;
  return {
    onCallback(handler: (headers: Record<string, string>, body: string) => Promise<void>) {
      deliver = handler;
    },
    later(headers: Record<string, string>, body: string) {
      if (stopped || !deliver) return;
      const handler = deliver;
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => (stopped ? undefined : handler(headers, body)))
        .catch(() => {});
      pending.add(run);
      void run.finally(() => pending.delete(run));
    },
    async stop() {
      stopped = true;
      await Promise.allSettled([...pending]);
    },
  };
}

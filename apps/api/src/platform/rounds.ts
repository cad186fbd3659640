/** A background job's handle: a round now (joining one under way), and a stop that waits for it. */
export type Rounds = { runOnce(): Promise<number>; stop(): Promise<void> };

/**
 * Runs `round` every `intervalMs`, never two rounds at once: `runOnce` joins a round under way
 * instead of starting a second. With `untilIdle`, a tick runs round after round while the last one
 * did some work (answered more than 0). A round that throws is passed to `failed`, and the next
 * tick tries again. `stop` ends the ticks and waits for a round under way.
 */
export function startRounds(
  round: () => Promise<number>,
  intervalMs: number,
  options: { untilIdle: boolean; failed: (error: unknown) => void },
): Rounds {
  let running: Promise<number> | null = null;
  let stopped = false;
  const runOnce = (): Promise<number> => {
    if (running) return running;
    running = round().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = async () => {
    let more = true;
    while (more && !stopped) {
      try {
        more = (await runOnce()) > 0 && options.untilIdle;
      } catch (error) {
        options.failed(error);
        more = false;
      }
    }
  };
  const timer = setInterval(() => {
    if (!stopped && !running) void tick();
  }, intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}

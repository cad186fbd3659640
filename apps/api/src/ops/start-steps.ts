/**
 * One line per start step with its time, so a slow start says where it went. The first line is the
 * time the process took to load its code (node's own start included).
 */
export type StartSteps = {
  step<T>(name: string, work: () => Promise<T> | T): Promise<T>;
  total(): number;
};

export function startSteps(print: (line: string) => void = console.log): StartSteps {
  // scripts/start.mjs checks the builds first and notes when it began loading the API.
  const codeFrom = (globalThis as { ushirikaLoadingApiAt?: number }).ushirikaLoadingApiAt ?? 0;
  print(`start: ${'load code'.padEnd(22)} ${Math.round(performance.now() - codeFrom)} ms`);
  return {
    async step(name, work) {
      const began = performance.now();
      const result = await work();
      print(`start: ${name.padEnd(22)} ${Math.round(performance.now() - began)} ms`);
      return result;
    },
    total: () => Math.round(performance.now()),
  };
}

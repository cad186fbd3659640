import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Starts the server's entry point (src/main.ts) as a child process with this environment and waits
 * for it to exit: its exit code and everything it wrote to stdout and stderr.
 */
export async function runMain(env: NodeJS.ProcessEnv): Promise<{ code: unknown; output: string }> {
  const main = path.join(import.meta.dirname, '..', 'src', 'main.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', main], { env });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  return { code, output };
}

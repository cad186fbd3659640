import { accessSync, constants } from 'node:fs';

/** The browser the e2e specs drive: Debian's chromium unless CHROMIUM_PATH names another. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Why the browser specs cannot run (the one line that says how to install it), or null. */
export function missingChromium(path = chromiumPath()): string | null {
  try {
    accessSync(path, constants.X_OK);
    return null;
  } catch {
    return `Chromium not found at ${path}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH to a Chromium binary)`;
  }
}

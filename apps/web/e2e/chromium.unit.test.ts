import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestProject } from 'vitest/node';
import { missingChromium } from './chromium.ts';

vi.mock('node:child_process', () => ({
  spawn: () => {
    throw new Error('started an e2e server');
  },
}));

describe('a machine without Chromium', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('is named in one line that says how to install it', () => {
    const line = missingChromium('/nonexistent/chromium');
    expect(line).toBe(
      'Chromium not found at /nonexistent/chromium: install it with `apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary)',
    );
    expect(missingChromium(process.execPath)).toBeNull();
  });

  it('stops the browser tests in their setup, before any server starts', async () => {
    vi.stubEnv('CHROMIUM_PATH', '/nonexistent/chromium');
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const provided: string[] = [];
    const project = {
      config: { maxWorkers: 1 },
      vitest: { config: { maxWorkers: 1 } },
      provide: (key: string) => provided.push(key),
    } as unknown as TestProject;
    const { default: setup } = await import('./global-setup.ts');
    await expect(setup(project)).rejects.toThrow('exit 1');
    expect(written).toEqual([`${missingChromium('/nonexistent/chromium')}\n`]);
    expect(provided).toEqual([]);
  });
});

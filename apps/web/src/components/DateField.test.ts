import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return full.endsWith('.tsx') ? [full] : [];
  });
}

describe('dates (issue #20)', () => {
  it("no screen uses the browser's native date input: DateField shows the language's format", () => {
    const native = sources(SRC)
      .filter((file) => !file.endsWith('DateField.tsx'))
      .filter((file) => /type=["']date["']/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(native).toEqual([]);
  });
});

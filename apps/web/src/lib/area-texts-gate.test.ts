import { describe, expect, it } from 'vitest';
import { openAreaTexts } from './area-texts-gate.ts';

describe("a built chunk's wait for its texts (#29)", () => {
  it('waits until i18n hands over its loader, then loads the areas asked for before', async () => {
    const wait = (globalThis as { __areaTexts?: (areas: string[]) => Promise<void> }).__areaTexts;
    expect(wait).toBeTypeOf('function');
    const asked: string[][] = [];
    let done = false;
    const early = wait?.(['offlineMd']).then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    openAreaTexts(async (areas) => {
      asked.push(areas);
    });
    await early;
    await wait?.(['common']);
    expect(asked).toEqual([['offlineMd'], ['common']]);
  });
});

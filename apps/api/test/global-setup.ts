import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareTemplate } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImage: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ushirika-test-'));
  const image = path.join(dir, 'template.tar');
  await prepareTemplate(image);
  project.provide('pgliteImage', image);
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareTemplate, TEMPLATE_DB } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImage: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ushirika-test-'));
  const image = path.join(dir, 'template.tar');
  // Workers inherit the template's name through the environment.
  process.env.USHIRIKA_TEMPLATE_DB = TEMPLATE_DB;
  const removeTemplate = await prepareTemplate(image);
  project.provide('pgliteImage', image);
  return async () => {
    await removeTemplate();
    await rm(dir, { recursive: true, force: true });
  };
}

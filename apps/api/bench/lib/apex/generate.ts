import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/db/client.ts';
import { cashewGrades, openCashewSeasonCrop } from '../fixtures.ts';
import { writeCollections } from './collections.ts';
import {
  arrangeYears,
  benchActor,
  closePrevious,
  journalSplit,
  readYears,
  writeAccounts,
  writeEntries,
} from './journal.ts';
import { writePeople } from './people.ts';
import { type ApexPlan, type ApexState, readState, writeState } from './plan.ts';
import { writeSettlementSetup } from './settlement.ts';
import { writeStores } from './stores.ts';

const log = (line: string) => process.stdout.write(`    apex: ${line}\n`);

/**
 * Writes what the database lacks of the plan, phase after phase, each recorded on the database's
 * comment when done (the journal and the collections chunk by chunk), so a run stopped half way
 * goes on where it stopped. Answers the state, complete.
 */
export async function generate(
  db: Db,
  plan: ApexPlan,
  adminId: string,
  passwordHash: string,
): Promise<ApexState> {
  const today = todayInTanzania();
  const state: ApexState = (await readState(db)) ?? {
    version: 1,
    scale: plan.scale,
    done: [],
    entriesWritten: 0,
    collectionsWritten: 0,
    today,
    seconds: {},
    complete: false,
  };
  if (state.scale !== plan.scale)
    throw new Error(
      `this database holds the apex data at scale ${state.scale}, not ${plan.scale}: use another (APEX_DATABASE_NAME)`,
    );
  if (state.complete) return state;
  const actor = benchActor(adminId);
  const phase = async (name: string, work: () => Promise<unknown>) => {
    if (state.done.includes(name)) return;
    const started = performance.now();
    log(`${name}...`);
    await work();
    const seconds = (performance.now() - started) / 1000;
    state.seconds[name] = Number(((state.seconds[name] ?? 0) + seconds).toFixed(1));
    state.done.push(name);
    await writeState(db, state);
    log(`${name} done in ${seconds.toFixed(1)} s (${new Date().toISOString().slice(11, 19)} UTC)`);
  };
  await phase('years and accounts', async () => {
    await arrangeYears(db, actor);
    await writeAccounts(db, plan);
  });
  const years = await readYears(db);
  await phase('AMCOS, farmers and clerks', () => writePeople(db, plan, adminId, passwordHash));
  const crop = await cashewGrades(db);
  const seasonCropId = await openCashewSeasonCrop(db, state.today, crop.crop_id, 'Apex season');
  const from = new Date(Date.parse(state.today) - 200 * 86_400_000).toISOString().slice(0, 10);
  await phase('collections', () =>
    writeCollections(db, plan, state, { seasonCropId, std: crop.std, ug: crop.ug, from }, adminId),
  );
  await phase('stores', () => writeStores(db, plan, adminId, years.previous.start));
  await phase('settlement setup', () => writeSettlementSetup(db, adminId, passwordHash, state.today));
  const split = journalSplit(plan, years, state.today);
  const common = { chunk: plan.chunk, adminId };
  await phase('journal, previous year', () =>
    writeEntries(db, state, {
      ...common,
      to: split.previousEntries,
      base: 1,
      yearEntries: split.previousEntries,
      year: years.previous,
      yearDays: split.previousDays,
    }),
  );
  await phase('previous year closed', () => closePrevious(db, actor, years));
  await phase('journal, current year', () =>
    writeEntries(db, state, {
      ...common,
      to: plan.entries,
      base: split.previousEntries + 1,
      yearEntries: plan.entries - split.previousEntries,
      year: years.current,
      yearDays: split.currentDays,
    }),
  );
  await phase('vacuum analyze and checkpoint', async () => {
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`checkpoint`);
  });
  state.complete = true;
  await writeState(db, state);
  return state;
}

/** A phase's progress as the log shows it, for the chunked ones. */
export const progress = (plan: ApexPlan, state: ApexState) =>
  `${state.collectionsWritten.toLocaleString('en')} of ${plan.collections.toLocaleString('en')} collections, ` +
  `${state.entriesWritten.toLocaleString('en')} of ${plan.entries.toLocaleString('en')} entries`;

import type { InboxSourceDef } from '../source.ts';
import { accountsSources } from './accounts.ts';
import { purchaseSources } from './purchase.ts';
import { settlementSources } from './settlement.ts';
import { societySources } from './societies.ts';

/** Every source of "Waiting for me": a new one is a definition in one of these files (or its own). */
export const INBOX_SOURCE_DEFS: readonly InboxSourceDef[] = [
  ...accountsSources,
  ...purchaseSources,
  ...settlementSources,
  ...societySources,
];

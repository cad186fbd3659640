import { accountsSources } from './accounts-sources.ts';
import { offlineSources } from './offline-sources.ts';
import { purchaseSources } from './purchase-sources.ts';
import { settlementSources } from './settlement-sources.ts';
import { societySources } from './societies-sources.ts';
import type { InboxSourceDef } from './source.ts';

/** Every source of "Waiting for me": a new one is a definition in one of these files (or its own). */
export const INBOX_SOURCE_DEFS: readonly InboxSourceDef[] = [
  ...accountsSources,
  ...purchaseSources,
  ...settlementSources,
  ...societySources,
  ...offlineSources,
];

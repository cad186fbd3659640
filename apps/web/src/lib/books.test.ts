import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bookKeys, invalidateBooks } from './books.ts';

describe('invalidateBooks', () => {
  it('marks the journal and every financial report stale after a posting, and nothing else', () => {
    const client = new QueryClient();
    const keys = {
      trialBalance: [...bookKeys.reports, 'trial-balance', { book: 'operation', as_at: '2026-11-25' }],
      ledger: [...bookKeys.reports, 'general-ledger', { account_id: 'a' }],
      controlAccounts: [...bookKeys.reports, 'control-accounts'],
      journalList: [...bookKeys.journal, 'list', {}],
      journalEntry: [...bookKeys.journal, 'detail', 'e'],
      reconciliationLines: [...bookKeys.reconciliation, 'account', 'a', 'lines', {}],
      buyers: ['buyers', 'list', {}],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { data: [] });
    invalidateBooks(client);
    const stale = Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]),
    );
    expect(stale).toEqual({
      trialBalance: true,
      ledger: true,
      controlAccounts: true,
      journalList: true,
      journalEntry: true,
      reconciliationLines: true,
      buyers: false,
    });
  });
});

/**
 * The appropriation of the surplus is union business (#32): read by who reads the ledgers, proposed
 * by who may post, approved or rejected by who approves postings (another person than the proposer).
 */
export const tags = ['members'];
export const access = {
  read: { permission: 'accounts.ledger.read', audience: 'union' },
  /** An AMCOS user reads their own society's lines (scoped in the query). */
  own: { permission: 'amcos.farmer.read', audience: 'any' },
  propose: { permission: 'accounts.journal.create', audience: 'union' },
  approve: { permission: 'accounts.journal.approve', audience: 'union' },
  /** The AGM pack (register, statements, appropriation, budget): union staff who read the registers. */
  agmPack: { permission: 'amcos.farmer.read', audience: 'union' },
} as const;

export * from './deductions.ts';
export * from './ledger.ts';
export * from './money.ts';
export * from './posting-rules.ts';

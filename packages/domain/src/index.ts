export * from './deductions.ts';
export * from './ledger.ts';
export * from './lots.ts';
export * from './money.ts';
export * from './posting-rules.ts';
export * from './settlement.ts';
export * from './weighing.ts';

import type { ControlAccounts } from '@ushirika/contracts';
import { dec, sum, todayInTanzania } from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { controlCheckRow, mappedBalances } from './control-checks/check.ts';
import { CONTROL_CHECKS } from './control-checks/index.ts';

/**
 * Every control account beside its sub-ledger and the difference (control - sub-ledger), as at
 * now. An unmapped control account counts as zero and says so; no difference is ever hidden.
 */
export async function controlAccounts(db: DbOrTx): Promise<ControlAccounts> {
  const mapped = await mappedBalances(db);
  const checks = [];
  for (const check of CONTROL_CHECKS) {
    const accounts = check.control.map((k) => mapped.find((m) => m.key === k));
    const debitBalance = sum(accounts.map((a) => a?.balance ?? '0'));
    checks.push(await controlCheckRow(db, check, accounts, debitBalance));
  }
  return {
    asAt: todayInTanzania(),
    checks,
    agreed: checks.every((c) => dec(c.difference).isZero()),
  };
}

import type { ControlAccounts } from '@ushirika/contracts';
import { type Dec, dec, sum } from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { accountLabel, mappedBalances, subledgerTotal } from './control-checks/check.ts';
import { CONTROL_CHECKS } from './control-checks/index.ts';

const fixed = (d: Dec) => (d.isZero() ? '0.00' : d.toFixed(2));

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
    const control = check.side === 'debit' ? debitBalance : debitBalance.negated();
    const subledger = dec(await subledgerTotal(db, check));
    checks.push({
      key: check.key,
      name: check.name,
      book: check.book,
      accounts: accounts.map((a, i) => (a ? accountLabel(a) : `(${check.control[i]} not mapped)`)),
      subledger: check.subledger,
      controlBalance: fixed(control),
      subledgerBalance: fixed(subledger),
      difference: fixed(control.minus(subledger)),
    });
  }
  return {
    asAt: new Date().toISOString().slice(0, 10),
    checks,
    agreed: checks.every((c) => dec(c.difference).isZero()),
  };
}

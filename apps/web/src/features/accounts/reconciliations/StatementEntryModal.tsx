import { Select, Text, TextInput } from '@mantine/core';
import type { ReconciliationAccount, StatementLine } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useAccountOptions } from '../hooks.ts';
import { useStatementEntry } from './hooks.ts';

/** Bank charges or interest found only on the statement: a draft journal entry for approval. */
export function StatementEntryModal({
  account,
  line,
  onClose,
}: {
  account: ReconciliationAccount;
  line: StatementLine;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const options = useAccountOptions(account.book);
  const [counter, setCounter] = useState<string | null>(null);
  const [narration, setNarration] = useState(line.description);
  const [error, setError] = useState<string | null>(null);
  const create = useStatementEntry();
  const moneyOut = dec(line.amountIn).isZero();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!counter) return setError(t('recon.chooseCounter'));
    create.mutate(
      {
        statementLineId: line.id,
        counterAccountId: counter,
        ...(narration.trim() ? { narration: narration.trim() } : {}),
      },
      {
        onSuccess: (r) => {
          toastSuccess(t('recon.entryCreated', { number: r.data.number }));
          onClose();
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : String(e)),
      },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('recon.recordEntry')}
      onSubmit={submit}
      error={error}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      testId="recon-entry-form"
    >
      <Text size="sm">
        {t(moneyOut ? 'recon.entryOut' : 'recon.entryIn', {
          date: formatDate(line.lineDate),
          amount: `${account.currency} ${formatDecimal(moneyOut ? line.amountOut : line.amountIn)}`,
          account: `${account.code} ${account.name}`,
        })}
      </Text>
      <Select
        data-autofocus
        label={t(moneyOut ? 'recon.debitAccount' : 'recon.creditAccount')}
        required
        searchable
        data={(options.data ?? [])
          .filter((a) => a.id !== account.id)
          .map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }))}
        value={counter}
        onChange={setCounter}
        data-testid="recon-counter-account"
      />
      <TextInput
        label={t('acc.narration')}
        maxLength={200}
        value={narration}
        onChange={(e) => setNarration(e.currentTarget.value)}
      />
    </FormModal>
  );
}

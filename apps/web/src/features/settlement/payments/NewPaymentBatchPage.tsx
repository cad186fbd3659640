import { Alert, Button, Group, Stack } from '@mantine/core';
import type { PaymentBatch, PaymentLine } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { BATCH_DETAILS } from './BatchesPage.tsx';
import { PaymentLinesTable } from './PaymentLinesTable.tsx';
import { RetryLinesModal } from './RetryLinesModal.tsx';

type Party = PaymentBatch['partyType'];

/**
 * A new payment batch for one kind of payee. What a payee is owed comes from approved settlements,
 * which draft their batches themselves; a new batch here pays again the lines a bank or mobile
 * operator refused (failed lines, each retried once), re-reading the payee's current account.
 */
function NewPaymentBatchPage({ party }: { party: Party }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<PaymentLine[]>([]);
  const [retrying, setRetrying] = useState(false);
  const title = t(`pay.newBatchTitles.${party}`);
  return (
    <RequirePermission permission="payments.settlement.create" unionOnly>
      <PageHeader
        title={title}
        description={t('pay.newBatchHint')}
        breadcrumbs={[{ label: t('pay.payments') }, { label: title }]}
      />
      <Stack>
        <Alert variant="light" color="blue">
          {t('pay.newBatchHowTo')}
        </Alert>
        <PaymentLinesTable
          testId="failed-lines"
          path="payments/lines"
          scope={{ party_type: party, status: 'failed' }}
          selectable={(line) => line.status === 'failed'}
          selected={picked}
          onSelect={setPicked}
          emptyTitle={t('pay.noFailedLines')}
        />
        <Group justify="flex-end">
          <Button
            data-testid="new-batch-create"
            disabled={picked.length === 0}
            onClick={() => setRetrying(true)}
          >
            {picked.length > 0 ? t('pay.retryLines', { count: picked.length }) : t('pay.pickFailedLines')}
          </Button>
        </Group>
      </Stack>
      {retrying && (
        <RetryLinesModal
          lines={picked}
          title={t('pay.retryLines', { count: picked.length })}
          onClose={() => setRetrying(false)}
          onDone={(batch) => void navigate(BATCH_DETAILS[party](batch.id))}
        />
      )}
    </RequirePermission>
  );
}

export const NewTransporterPaymentRoute = () => <NewPaymentBatchPage party="transporter" />;

import { Alert, Button, Group, Stack } from '@mantine/core';
import type { PaymentBatch } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useRetryLines } from '../hooks.ts';
import { BATCH_DETAILS } from './BatchesPage.tsx';
import { PaymentLinesTable } from './PaymentLinesTable.tsx';

type Party = PaymentBatch['partyType'];

/**
 * A new payment batch for one kind of payee. What a payee is owed comes from approved settlements,
 * which draft their batches themselves; a new batch here pays again the lines a bank or mobile
 * operator refused (failed lines, each retried once), re-reading the payee's current account.
 */
function NewPaymentBatchPage({ party }: { party: Party }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const retry = useRetryLines();
  const [picked, setPicked] = useState<string[]>([]);
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
            loading={retry.isPending}
            onClick={() =>
              confirmAction({
                title,
                message: t('pay.newBatchConfirm', { count: picked.length }),
                confirmLabel: t('pay.retryLines', { count: picked.length }),
                danger: false,
                onConfirm: () =>
                  retry.mutate(picked, {
                    onSuccess: (reply) => void navigate(BATCH_DETAILS[party](reply.data.id)),
                  }),
              })
            }
          >
            {picked.length > 0 ? t('pay.retryLines', { count: picked.length }) : t('pay.pickFailedLines')}
          </Button>
        </Group>
      </Stack>
    </RequirePermission>
  );
}

export const NewTransporterPaymentRoute = () => <NewPaymentBatchPage party="transporter" />;

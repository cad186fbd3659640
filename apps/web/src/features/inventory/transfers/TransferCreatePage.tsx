import { Group, TextInput } from '@mantine/core';
import { createStockTransferBody, type TransferKind } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { useStoreStock } from '../stores/hooks.ts';
import { confirmStockPosting, StockDocumentForm } from '../stores/StockDocumentForm.tsx';
import { blankLine, linesBody, type StockLine, StockLines, stockLinesValue } from '../stores/StockLines.tsx';
import { StoreSelect } from '../stores/StoreSelect.tsx';
import { useDispatchTransfer } from './hooks.ts';

/** Which kind of store each end of a transfer is. */
const ENDS: Record<TransferKind, { from: 'union' | 'amcos' | undefined; to: 'union' | 'amcos' | undefined }> =
  {
    to_amcos: { from: 'union', to: 'amcos' },
    from_amcos: { from: 'amcos', to: 'union' },
    to_store: { from: undefined, to: undefined },
  };

const SCREEN = {
  to_amcos: 'transfer_to_amcos',
  from_amcos: 'transfer_from_amcos',
  to_store: 'transfer_to_store',
} as const;

function TransferCreatePage({ kind }: { kind: TransferKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({
    fromStoreId: null as string | null,
    toStoreId: null as string | null,
    dispatchedOn: todayInTanzania(),
    vehicle: '',
    driverName: '',
    remarks: '',
    lines: [{ ...blankLine }] as StockLine[],
  });
  const stock = useStoreStock(form.values.fromStoreId);
  const save = useDispatchTransfer(
    (x) => navigate(`/inventory/transfers/${x.id}/details`),
    form.showApiError,
  );
  const submit = form.onSubmit(() => {
    const body = form.validate(createStockTransferBody, {
      ...form.values,
      kind,
      lines: linesBody(form.values.lines, 'issue'),
    });
    if (!body) return;
    const lines = form.values.lines.filter((l) => l.itemId || l.quantity);
    const value = stockLinesValue(lines, 'issue', stock.data);
    confirmStockPosting('dispatch', { lines: lines.length, value }, () => save.mutate(body));
  });
  const ends = ENDS[kind];
  return (
    <StockDocumentForm
      title={t(`screens.${SCREEN[kind]}`)}
      description={t('inventoryMd.dispatchNote')}
      posting="dispatch"
      form={form}
      onSubmit={submit}
      submitting={save.isPending}
      testId="transfer-form"
    >
      <Group grow align="flex-start">
        <StoreSelect
          label={t('inventoryMd.fromStore')}
          kind={ends.from}
          {...form.control('fromStoreId')}
          testId="transfer-from"
        />
        <StoreSelect
          label={t('inventoryMd.toStore')}
          kind={ends.to}
          own={kind === 'to_store'}
          exclude={form.values.fromStoreId}
          {...form.control('toStoreId')}
          testId="transfer-to"
        />
        <DateField label={t('inventoryMd.dispatchedOn')} required {...form.text('dispatchedOn')} />
      </Group>
      <Group grow>
        <TextInput label={t('inventoryMd.vehicle')} {...form.text('vehicle')} />
        <TextInput label={t('inventoryMd.driver')} {...form.text('driverName')} />
      </Group>
      <StockLines mode="issue" stock={stock.data} form={form} />
    </StockDocumentForm>
  );
}

export const ToAmcosRoute = withPermission(
  () => <TransferCreatePage kind="to_amcos" />,
  'inventory.store.update',
  {
    unionOnly: true,
  },
);
export const FromAmcosRoute = withPermission(
  () => <TransferCreatePage kind="from_amcos" />,
  'inventory.store.update',
);
export const ToStoreRoute = withPermission(
  () => <TransferCreatePage kind="to_store" />,
  'inventory.store.update',
);

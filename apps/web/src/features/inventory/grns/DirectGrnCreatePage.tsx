import { Group, TextInput } from '@mantine/core';
import { createDirectGrnBody } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { useSession } from '../../../lib/session.ts';
import { SupplierSelect } from '../../purchase/suppliers/SupplierSelect.tsx';
import { confirmStockPosting, StockDocumentForm } from '../stores/StockDocumentForm.tsx';
import { blankLine, linesBody, type StockLine, StockLines, stockLinesValue } from '../stores/StockLines.tsx';
import { StoreSelect } from '../stores/StoreSelect.tsx';
import { useSaveGrn } from './hooks.ts';

/** /inventory/grns/grn2-create: goods received without a purchase order, at the cost entered. */
export default withPermission(DirectGrnCreatePage, 'inventory.store.update');

function DirectGrnCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Suppliers are union business: an AMCOS store keeper notes the supplier's reference only.
  const isUnion = !useSession().user?.amcosId;
  const form = useForm({
    storeId: null as string | null,
    supplierId: null as string | null,
    receivedOn: todayInTanzania(),
    supplierRef: '',
    remarks: '',
    lines: [{ ...blankLine }] as StockLine[],
  });
  const save = useSaveGrn((g) => navigate(`/inventory/grns/grn/${g.id}/details`), form.showApiError);
  const submit = form.onSubmit(() => {
    const body = form.validate(createDirectGrnBody, {
      ...form.values,
      lines: linesBody(form.values.lines, 'receive'),
    });
    if (!body) return;
    const lines = form.values.lines.filter((l) => l.itemId || l.quantity);
    confirmStockPosting('receive', { lines: lines.length, value: stockLinesValue(lines, 'receive') }, () =>
      save.direct.mutate(body),
    );
  });
  return (
    <StockDocumentForm
      title={t('screens.grn2_create')}
      description={t('inventoryMd.grnDirectNote')}
      posting="receive"
      form={form}
      onSubmit={submit}
      submitting={save.direct.isPending}
      testId="grn2-form"
    >
      <Group grow align="flex-start">
        <StoreSelect label={t('inventoryMd.intoStore')} {...form.control('storeId')} testId="grn-store" />
        <DateField label={t('inventoryMd.receivedOn')} required {...form.text('receivedOn')} />
      </Group>
      <Group grow align="flex-start">
        {isUnion && (
          <SupplierSelect value={form.values.supplierId} onChange={(v) => form.setValue('supplierId', v)} />
        )}
        <TextInput label={t('inventoryMd.supplierRef')} {...form.text('supplierRef')} />
      </Group>
      <StockLines mode="receive" form={form} />
    </StockDocumentForm>
  );
}

import { Group, Select, TextInput } from '@mantine/core';
import { createStockIssueBody } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { useSession } from '../../../lib/session.ts';
import { useAmcosOptions } from '../../amcos/hooks.ts';
import { useStoreStock } from '../stores/hooks.ts';
import { confirmStockPosting, StockDocumentForm } from '../stores/StockDocumentForm.tsx';
import { blankLine, linesBody, type StockLine, StockLines, stockLinesValue } from '../stores/StockLines.tsx';
import { StoreSelect } from '../stores/StoreSelect.tsx';
import { useCreateIssue } from './hooks.ts';

const PURPOSES = ['union_use', 'amcos', 'other'] as const;

/** /inventory/issues/create: stock out of a store for a purpose, valued at its average cost. */
export default withPermission(IssueCreatePage, 'inventory.store.update');

function IssueCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const isUnion = !user?.amcosId;
  const societies = useAmcosOptions(isUnion);
  const form = useForm({
    storeId: null as string | null,
    purpose: (isUnion ? 'union_use' : 'amcos') as (typeof PURPOSES)[number],
    toAmcosId: (user?.amcosId ?? null) as string | null,
    issuedTo: '',
    issuedOn: todayInTanzania(),
    remarks: '',
    lines: [{ ...blankLine }] as StockLine[],
  });
  const stock = useStoreStock(form.values.storeId);
  const save = useCreateIssue((i) => navigate(`/inventory/issues/${i.id}/details`), form.showApiError);
  const submit = form.onSubmit(() => {
    const values = form.values;
    const body = form.validate(createStockIssueBody, {
      ...values,
      toAmcosId: values.purpose === 'amcos' ? values.toAmcosId : null,
      lines: linesBody(values.lines, 'issue'),
    });
    if (!body) return;
    const lines = values.lines.filter((l) => l.itemId || l.quantity);
    const value = stockLinesValue(lines, 'issue', stock.data);
    confirmStockPosting('issue', { lines: lines.length, value }, () => save.mutate(body));
  });
  return (
    <StockDocumentForm
      title={t('screens.issue_create')}
      description={t('inventoryMd.issueNote')}
      posting="issue"
      form={form}
      onSubmit={submit}
      submitting={save.isPending}
      testId="issue-form"
    >
      <Group grow align="flex-start">
        <StoreSelect label={t('inventoryMd.fromStore')} {...form.control('storeId')} testId="issue-store" />
        <DateField label={t('inventoryMd.issuedOn')} required {...form.text('issuedOn')} />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('inventoryMd.purpose')}
          required
          data={PURPOSES.filter((p) => isUnion || p !== 'union_use').map((p) => ({
            value: p,
            label: t(`inventoryMd.purposes.${p}`),
          }))}
          value={form.values.purpose}
          onChange={(v) => v && form.setValue('purpose', v as (typeof PURPOSES)[number])}
        />
        {form.values.purpose === 'amcos' && isUnion && (
          <Select
            label={t('fields.amcos')}
            required
            searchable
            data={(societies.data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
            {...form.control('toAmcosId')}
          />
        )}
        <TextInput
          label={t('inventoryMd.receivedBy')}
          required
          {...form.text('issuedTo')}
          data-testid="issue-to"
        />
      </Group>
      <StockLines mode="issue" stock={stock.data} form={form} />
    </StockDocumentForm>
  );
}

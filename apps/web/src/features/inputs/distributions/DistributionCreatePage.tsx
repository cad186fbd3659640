import { Alert, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  createDistributionBody,
  DISTRIBUTION_KINDS,
  type FarmerOption,
  type InputRequestLine as RequestLine,
} from '@ushirika/contracts';
import { dec, todayInTanzania } from '@ushirika/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { EditLines } from '../../../components/EditLines.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { unitLabel } from '../../../lib/units.ts';
import { FarmerPicker } from '../../farmers/FarmerPicker.tsx';
import { useInputPrices } from '../prices/hooks.ts';
import { requests } from '../requests/hooks.ts';
import { confirmIssue } from './confirm-issue.ts';
import { useCreateDistribution, useDistributionStores } from './hooks.ts';

/**
 * /collections/distributions/create: an approved request (found by its farmer, or chosen from the
 * list) issued from one of its AMCOS's stores.
 */
export default function DistributionCreateRoute() {
  return (
    <RequirePermission permission="collections.collection.create">
      <DistributionCreatePage />
    </RequirePermission>
  );
}

function DistributionCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [farmer, setFarmer] = useState<FarmerOption | null>(null);
  const approved = requests.useOptions({ status: 'approved', farmer_id: farmer?.id });
  const form = useForm({
    requestId: params.get('request') as string | null,
    storeId: null as string | null,
    kind: 'credit' as string | null,
    distributedOn: todayInTanzania(),
  });
  const request = requests.useOne(form.values.requestId);
  // The farmer's only approved request is the one to issue.
  const only = farmer && approved.data?.length === 1 ? approved.data[0]?.id : undefined;
  useEffect(() => {
    if (only) form.setValue('requestId', only);
  }, [only, form.setValue]);
  const stores = useDistributionStores(form.values.requestId);
  const prices = useInputPrices(request.data?.seasonId);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  useEffect(() => {
    setQuantities(
      Object.fromEntries((request.data?.lines ?? []).map((l) => [l.itemId, dec(l.quantity).toString()])),
    );
  }, [request.data]);
  const store = stores.data?.find((s) => s.id === form.values.storeId);
  const heldOf = (itemId: string) =>
    store?.stock.find((s: { itemId: string }) => s.itemId === itemId)?.quantity ?? null;
  const save = useCreateDistribution(
    (d) => navigate(`/collections/distributions/${d.id}/details`),
    form.showApiError,
  );
  const submit = form.onSubmit(() => {
    const body = form.validate(createDistributionBody, {
      ...form.values,
      lines: Object.entries(quantities).map(([itemId, quantity]) => ({ itemId, quantity })),
    });
    if (body && request.data)
      confirmIssue(
        { body, farmer: request.data.farmerName, store: store?.name ?? '', prices: prices.data ?? [] },
        () => save.mutate(body),
      );
  });
  const options = requestOptions(approved.data ?? [], request.data);
  return (
    <>
      <PageHeader title={t('inputs.distributions.create')} />
      <Paper withBorder p="lg" radius="md">
        <FormLayout
          onSubmit={submit}
          error={form.formError ?? (form.errors as Record<string, string | undefined>).lines}
          submitLabel={t('inputs.distributions.issue')}
          submitting={save.isPending}
          testId="distribution-form"
        >
          <FarmerPicker
            label={t('inputs.farmer')}
            autoFocus
            value={farmer}
            onChange={setFarmer}
            testId="distribution-farmer"
          />
          <Select
            label={t('inputs.distributions.request')}
            required
            searchable
            data={options}
            {...form.control('requestId')}
            data-testid="distribution-request"
          />
          {request.data && request.data.status !== 'approved' && (
            <Alert color="orange">
              {t('inputs.distributions.notApproved', { status: t(`status.${request.data.status}`) })}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('inputs.store')}
              required
              data={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              {...form.control('storeId')}
              data-testid="distribution-store"
            />
            <Select
              label={t('inputs.kind')}
              required
              allowDeselect={false}
              data={DISTRIBUTION_KINDS.map((k) => ({ value: k, label: t(`inputs.kinds.${k}`) }))}
              {...form.control('kind')}
              data-testid="distribution-kind"
            />
            <DateField label={t('inputs.date')} required {...form.text('distributedOn')} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t(`inputs.kindHelp.${(form.values.kind ?? 'credit') as 'credit'}`)}
          </Text>
          {request.data && (
            <DistributionLines
              lines={request.data.lines ?? []}
              quantities={quantities}
              onChange={setQuantities}
              heldOf={heldOf}
            />
          )}
        </FormLayout>
      </Paper>
    </>
  );
}

type RequestOption = { id: string; requestNo: string; farmerNo: string; farmerName: string };

/** The farmer's approved requests, and the one opened from the address even when not among them. */
function requestOptions(approved: RequestOption[], current: RequestOption | undefined) {
  const label = (r: RequestOption) => `${r.requestNo} · ${r.farmerNo} ${r.farmerName}`;
  const options = approved.map((r) => ({ value: r.id, label: label(r) }));
  if (current && !options.some((o) => o.value === current.id))
    options.unshift({ value: current.id, label: label(current) });
  return options;
}

/** The request's lines: approved, held in the store, the quantity to issue, the credit price. */
function DistributionLines({
  lines,
  quantities,
  onChange,
  heldOf,
}: {
  lines: RequestLine[];
  quantities: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  heldOf: (itemId: string) => string | null;
}) {
  const { t } = useTranslation();
  /** The store holds less of the item than the quantity typed. */
  const shortOf = (itemId: string) => {
    const held = heldOf(itemId);
    return held !== null && dec(held).lt(dec(quantities[itemId] || '0'));
  };
  return (
    <EditLines<RequestLine>
      label={t('inputs.lines')}
      testId="distribution-lines"
      minWidth={560}
      lines={lines}
      lineKey={(l) => l.itemId}
      columns={[
        {
          key: 'item',
          header: t('inputs.item'),
          role: 'item',
          render: (l) => `${l.itemName} (${unitLabel(l.unit)})`,
        },
        {
          key: 'approved',
          header: t('inputs.distributions.approvedQty'),
          role: 'extra',
          align: 'right',
          render: (l) => dec(l.quantity).toString(),
        },
        {
          key: 'held',
          header: t('inputs.distributions.inStore'),
          role: 'extra',
          align: 'right',
          render: (l) => {
            const held = heldOf(l.itemId);
            return (
              <Text span size="sm" c={shortOf(l.itemId) ? 'red' : undefined}>
                {held === null ? '—' : dec(held).toString()}
              </Text>
            );
          },
        },
        {
          key: 'quantity',
          header: t('inputs.quantity'),
          role: 'figure',
          render: (l) => (
            <TextInput
              w={110}
              maw="100%"
              inputMode="decimal"
              aria-label={t('inputs.quantityOf', { item: l.itemName })}
              value={quantities[l.itemId] ?? ''}
              onChange={(e) => onChange({ ...quantities, [l.itemId]: e.currentTarget.value })}
              error={shortOf(l.itemId) ? t('inputs.distributions.short') : undefined}
            />
          ),
        },
        {
          key: 'price',
          header: t('inputs.prices.creditPrice'),
          role: 'figure',
          align: 'right',
          render: (l) => formatDecimal(l.creditPrice),
        },
      ]}
    />
  );
}

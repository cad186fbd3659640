import { Button, Group, Paper, Select, Table, Text } from '@mantine/core';
import { IconPlus, IconTag } from '@tabler/icons-react';
import type { InputPrice } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditButton } from '../../../components/EditButton.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { unitLabel } from '../../../lib/units.ts';
import { useCan } from '../../../lib/use-can.ts';
import { seasons } from '../../seasons/hooks.ts';
import { useInputPrices } from './hooks.ts';
import { InputPriceForm } from './InputPriceForm.tsx';

/** /settings/collection/input-prices: a season's input prices and credit limits, set by the union. */
export default function InputPricesRoute() {
  return (
    <RequirePermission permission="settings.collection.read" unionOnly>
      <InputPricesPage />
    </RequirePermission>
  );
}

function InputPricesPage() {
  const { t } = useTranslation();
  const canEdit = useCan('settings.collection.update', 'union');
  const options = seasons.useOptions();
  const open = options.data?.find((s) => s.status === 'open') ?? options.data?.[0];
  const [picked, setPicked] = useState<string | null>(null);
  const seasonId = picked ?? open?.id ?? null;
  const prices = useInputPrices(seasonId);
  const [editing, setEditing] = useState<{ price: InputPrice | null } | null>(null);
  const season = options.data?.find((s) => s.id === seasonId);
  return (
    <>
      <PageHeader title={t('inputs.prices.title')} description={t('inputs.prices.description')} />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="md">
          <Select
            label={t('fields.season')}
            w={220}
            allowDeselect={false}
            data={(options.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            value={seasonId}
            onChange={setPicked}
            data-testid="input-prices-season"
          />
          {canEdit && seasonId && season?.status !== 'closed' && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ price: null })}
            >
              {t('inputs.prices.add')}
            </Button>
          )}
        </Group>
        {prices.isLoading ? (
          <LoadingBlock />
        ) : !prices.data?.length ? (
          <EmptyBlock icon={IconTag} title={t('inputs.prices.empty')} />
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table data-testid="input-prices-table" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('inputs.item')}</Table.Th>
                  <Table.Th ta="right">{t('inputs.prices.creditPrice')}</Table.Th>
                  <Table.Th ta="right">{t('inputs.prices.cashPrice')}</Table.Th>
                  <Table.Th ta="right">{t('inputs.prices.subsidisedPrice')}</Table.Th>
                  <Table.Th ta="right">{t('inputs.prices.programmeShare')}</Table.Th>
                  <Table.Th ta="right">{t('inputs.prices.creditLimit')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {prices.data.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      {p.itemCode} · {p.itemName}{' '}
                      <Text span c="dimmed">
                        ({unitLabel(p.unit)})
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(p.creditPrice)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(p.cashPrice)}</Table.Td>
                    <Table.Td ta="right">{p.subsidisedPrice ? formatMoney(p.subsidisedPrice) : '—'}</Table.Td>
                    <Table.Td ta="right">{formatMoney(p.programmeShare)}</Table.Td>
                    <Table.Td ta="right">
                      {formatMoney(p.creditLimit)}{' '}
                      {p.limitBasis === 'per_acre'
                        ? t('inputs.prices.perAcreShort')
                        : t('inputs.prices.perFarmerShort')}
                    </Table.Td>
                    <Table.Td>
                      {canEdit && season?.status !== 'closed' && (
                        <EditButton onClick={() => setEditing({ price: p })} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {editing && seasonId && (
        <InputPriceForm seasonId={seasonId} price={editing.price} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

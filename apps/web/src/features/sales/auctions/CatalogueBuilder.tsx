import { Button, Checkbox, Group, Paper, Select, Table, TextInput, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { amountField } from '@ushirika/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { InlineError } from '../../../components/InlineError.tsx';
import { formatKg } from '../../../lib/format.ts';
import { useAvailableFacets, useAvailableLots, useCatalogueLots } from './hooks.ts';
import { PickAllCell, usePicks } from './picks.tsx';

type Filters = { amcos_id?: string; grade_id?: string; warehouse_id?: string; search?: string };

/** Lots in store of the auction's season crop: filter by AMCOS, grade and warehouse, tick, set the reserve, add. */
export function CatalogueBuilder({
  auctionId,
  defaultReserve,
}: {
  auctionId: string;
  defaultReserve: string;
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const facets = useAvailableFacets(auctionId);
  const lots = useAvailableLots(auctionId, filters, true);
  const [reserve, setReserve] = useState(defaultReserve);
  const [error, setError] = useState<string | null>(null);
  const add = useCatalogueLots(auctionId);
  const choices = useMemo(() => {
    const f = facets.data;
    const list = (xs: { id: string; name: string; lots: number }[] = []) =>
      xs.map((x) => ({ value: x.id, label: `${x.name} (${x.lots})` }));
    return { amcos: list(f?.amcos), grades: list(f?.grades), warehouses: list(f?.warehouses) };
  }, [facets.data]);
  const rows = lots.data ?? [];
  const picks = usePicks(rows.map((r) => r.id));
  const { picked } = picks;
  const set = (key: keyof Filters) => (value: string | null) =>
    setFilters((f) => ({ ...f, [key]: value || undefined }));
  const submit = () => {
    setError(null);
    if (!amountField.safeParse(reserve).success) {
      setError(t('auctionsMd.reserveInvalid'));
      return;
    }
    add.mutate(
      { lots: [...picked].map((lotId) => ({ lotId, reservePrice: reserve })) },
      picks.saved(setError),
    );
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="catalogue-builder">
      <Title order={4} mb="sm">
        {t('auctionsMd.addLots')}
      </Title>
      <Group align="flex-end" mb="sm">
        <Select
          label={t('fields.amcos')}
          clearable
          searchable
          data={choices.amcos}
          disabled={!facets.data}
          value={filters.amcos_id ?? null}
          onChange={set('amcos_id')}
          w={200}
        />
        <Select
          label={t('auctionsMd.grade')}
          clearable
          data={choices.grades}
          disabled={!facets.data}
          value={filters.grade_id ?? null}
          onChange={set('grade_id')}
          w={160}
        />
        <Select
          label={t('auctionsMd.warehouse')}
          clearable
          searchable
          data={choices.warehouses}
          disabled={!facets.data}
          value={filters.warehouse_id ?? null}
          onChange={set('warehouse_id')}
          w={200}
        />
        <TextInput
          label={t('auctionsMd.searchLot')}
          value={filters.search ?? ''}
          onChange={(e) => set('search')(e.currentTarget.value)}
          w={180}
        />
      </Group>
      {lots.isLoading ? (
        <LoadingBlock />
      ) : rows.length === 0 ? (
        <EmptyBlock icon={IconInbox} title={t('auctionsMd.noLotsInStore')} />
      ) : (
        <AvailableLotsTable rows={rows} picks={picks} />
      )}
      <Group mt="sm" align="flex-end">
        <TextInput
          label={t('auctionsMd.reservePrice')}
          required
          value={reserve}
          onChange={(e) => setReserve(e.currentTarget.value)}
          w={200}
          data-testid="reserve-price"
        />
        <Button onClick={submit} disabled={picked.size === 0} loading={add.isPending} data-testid="add-lots">
          {t('auctionsMd.addPicked', { count: picked.size })}
        </Button>
        <InlineError error={error} />
      </Group>
    </Paper>
  );
}

type AvailableLot = NonNullable<ReturnType<typeof useAvailableLots>['data']>[number];

/** The lots in store that may go into the catalogue, each to tick (or all at once). */
function AvailableLotsTable({ rows, picks }: { rows: AvailableLot[]; picks: ReturnType<typeof usePicks> }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={700} mah={360}>
      <Table striped stickyHeader data-testid="available-lots">
        <Table.Thead>
          <Table.Tr>
            <PickAllCell picks={picks} />
            <Table.Th>{t('auctionsMd.lotNo')}</Table.Th>
            <Table.Th>{t('auctionsMd.whrNo')}</Table.Th>
            <Table.Th>{t('fields.amcos')}</Table.Th>
            <Table.Th>{t('auctionsMd.warehouse')}</Table.Th>
            <Table.Th>{t('auctionsMd.grade')}</Table.Th>
            <Table.Th ta="right">{t('auctionsMd.bags')}</Table.Th>
            <Table.Th ta="right">{t('auctionsMd.netKg')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Checkbox
                  aria-label={r.lotNo}
                  checked={picks.picked.has(r.id)}
                  onChange={() => picks.toggle(r.id)}
                />
              </Table.Td>
              <Table.Td>{r.lotNo}</Table.Td>
              <Table.Td>{r.whrNo}</Table.Td>
              <Table.Td>{r.amcosName}</Table.Td>
              <Table.Td>{r.warehouseName}</Table.Td>
              <Table.Td>{r.gradeName}</Table.Td>
              <Table.Td ta="right">{r.bags}</Table.Td>
              <Table.Td ta="right">{formatKg(r.netKg)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

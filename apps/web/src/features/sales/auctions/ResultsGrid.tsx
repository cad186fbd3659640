import { Badge, Button, Checkbox, Group, Paper, Table, Text, TextInput, Title } from '@mantine/core';
import type { AuctionLot, CaptureResultsBody } from '@ushirika/contracts';
import { dec, toMoney } from '@ushirika/domain';
import { type KeyboardEvent, memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineError } from '../../../components/InlineError.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDecimal, formatKg } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSaveResults } from './hooks.ts';

type Entry = { code: string; price: string };
const PRICE = /^\d{1,12}(\.\d{1,2})?$/;
const NO_BID = new Set(['-', 'NB', 'NO BID']);
const WITHDRAWN = new Set(['W', 'WITHDRAWN']);

const entryOf = (l: AuctionLot): Entry =>
  l.result === 'no_bid'
    ? { code: 'NB', price: '' }
    : l.result === 'withdrawn'
      ? { code: 'W', price: '' }
      : { code: l.bidCode ?? '', price: l.pricePerKg ?? '' };

/** What a typed row means: a bid, no bid (`NB` or `-`), withdrawn (`W`), or nothing yet. */
function resultOf(lotId: string, e: Entry, confirm: boolean): CaptureResultsBody['results'][number] | null {
  const code = e.code.trim().toUpperCase();
  if (NO_BID.has(code)) return { lotId, result: 'no_bid', confirmBelowReserve: false };
  if (WITHDRAWN.has(code)) return { lotId, result: 'withdrawn', confirmBelowReserve: false };
  if (!code && !e.price.trim()) return null;
  return { lotId, result: 'bid', bidCode: code, pricePerKg: e.price.trim(), confirmBelowReserve: confirm };
}

function amountOf(kg: string, price: string): string | null {
  if (!PRICE.test(price.trim())) return null;
  return toMoney(dec(kg).times(dec(price.trim())));
}

/** Moves the focus: Enter in the bid code goes to the price, Enter in the price to the next row's bid code. */
function onGridKey(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter' && event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  const input = event.currentTarget;
  const row = Number(input.dataset.row);
  const col = input.dataset.col;
  const target =
    event.key === 'ArrowDown'
      ? `[data-row="${row + 1}"][data-col="${col}"]`
      : event.key === 'ArrowUp'
        ? `[data-row="${row - 1}"][data-col="${col}"]`
        : col === 'code'
          ? `[data-row="${row}"][data-col="price"]`
          : `[data-row="${row + 1}"][data-col="code"]`;
  const next = input.closest('table')?.querySelector<HTMLInputElement>(target);
  next?.focus();
  next?.select();
}

const GridRow = memo(function GridRow({
  index,
  lot,
  entry,
  error,
  onChange,
}: {
  index: number;
  lot: AuctionLot;
  entry: Entry;
  error: string | undefined;
  onChange: (lotId: string, entry: Entry) => void;
}) {
  const { t } = useTranslation();
  const amount = amountOf(lot.netKg, entry.price);
  const below = amount !== null && dec(entry.price.trim()).lt(dec(lot.reservePrice));
  return (
    <Table.Tr data-testid={`result-row-${lot.lotNo}`}>
      <Table.Td>{lot.lotNo}</Table.Td>
      <Table.Td>{lot.amcosName}</Table.Td>
      <Table.Td>{lot.gradeName}</Table.Td>
      <Table.Td ta="right">{formatKg(lot.netKg)}</Table.Td>
      <Table.Td ta="right">{formatDecimal(lot.reservePrice)}</Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={t('auctionsMd.bidCodeOf', { lot: lot.lotNo })}
          data-row={index}
          data-col="code"
          value={entry.code}
          onChange={(e) => onChange(lot.lotId, { ...entry, code: e.currentTarget.value })}
          onKeyDown={onGridKey}
          error={Boolean(error)}
          w={110}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={t('auctionsMd.priceOf', { lot: lot.lotNo })}
          data-row={index}
          data-col="price"
          inputMode="decimal"
          value={entry.price}
          onChange={(e) => onChange(lot.lotId, { ...entry, price: e.currentTarget.value })}
          onKeyDown={onGridKey}
          error={Boolean(error)}
          w={110}
        />
      </Table.Td>
      <Table.Td ta="right" data-testid="live-amount">
        {amount ? formatDecimal(amount) : ''}
        {below && (
          <Badge ml={6} size="xs" color="orange" variant="light">
            {t('auctionsMd.belowReserve')}
          </Badge>
        )}
        {error && (
          <Text size="xs" c="red">
            {error}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{lot.buyerName ?? ''}</Table.Td>
    </Table.Tr>
  );
});

/** The results grid: bid code and price per lot, typed down the column by keyboard, saved in one go. */
export function ResultsGrid({
  auctionId,
  lots,
  onImport,
}: {
  auctionId: string;
  lots: AuctionLot[];
  onImport: () => void;
}) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const [confirm, setConfirm] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const dirty = useRef(false);
  const save = useSaveResults(auctionId);
  // Fresh results from the server replace the grid's only when nothing typed waits to be saved.
  useEffect(() => {
    if (!dirty.current) setEntries(Object.fromEntries(lots.map((l) => [l.lotId, entryOf(l)])));
  }, [lots]);
  const onChange = useCallback((lotId: string, entry: Entry) => {
    dirty.current = true;
    setEntries((e) => ({ ...e, [lotId]: entry }));
  }, []);
  const submit = () => {
    setMessage(null);
    setErrors({});
    const rows = lots.flatMap((l) => {
      const r = resultOf(l.lotId, entries[l.lotId] ?? entryOf(l), confirm);
      return r ? [r] : [];
    });
    if (rows.length === 0) return;
    save.mutate(
      { results: rows },
      {
        onSuccess: (r) => {
          dirty.current = false;
          toastSuccess(r.message);
        },
        onError: (e) => {
          if (!(e instanceof ApiError)) return;
          const byLot: Record<string, string> = {};
          for (const [field, text] of Object.entries(e.fieldErrors)) {
            const i = Number(field.split('.')[1]);
            const lotId = rows[i]?.lotId;
            if (lotId) byLot[lotId] = text;
          }
          setErrors(byLot);
          setMessage(e.serverMessage);
        },
      },
    );
  };
  const filled = lots.filter((l) => resultOf(l.lotId, entries[l.lotId] ?? entryOf(l), false)).length;
  return (
    <Paper withBorder radius="md" p="md" data-testid="results-grid">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('auctionsMd.results')}</Title>
        <Group>
          <Button variant="default" onClick={onImport} data-testid="import-results">
            {t('auctionsMd.importSheet')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('auctionsMd.gridHelp')}
      </Text>
      <Table.ScrollContainer minWidth={900}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('auctionsMd.lotNo')}</Table.Th>
              <Table.Th>{t('fields.amcos')}</Table.Th>
              <Table.Th>{t('auctionsMd.grade')}</Table.Th>
              <Table.Th ta="right">{t('auctionsMd.netKg')}</Table.Th>
              <Table.Th ta="right">{t('auctionsMd.reserve')}</Table.Th>
              <Table.Th>{t('auctionsMd.bidCode')}</Table.Th>
              <Table.Th>{t('auctionsMd.pricePerKg')}</Table.Th>
              <Table.Th ta="right">{t('auctionsMd.amount')}</Table.Th>
              <Table.Th>{t('auctionsMd.buyer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lots.map((l, i) => (
              <GridRow
                key={l.lotId}
                index={i}
                lot={l}
                entry={entries[l.lotId] ?? entryOf(l)}
                error={errors[l.lotId]}
                onChange={onChange}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group mt="md" justify="space-between">
        <Checkbox
          label={t('auctionsMd.confirmBelowReserve')}
          checked={confirm}
          onChange={(e) => setConfirm(e.currentTarget.checked)}
          data-testid="confirm-below-reserve"
        />
        <Group>
          <InlineError error={message} />
          <Text size="sm" c="dimmed">
            {t('auctionsMd.filled', { count: filled, total: lots.length })}
          </Text>
          <Button onClick={submit} loading={save.isPending} data-testid="save-results">
            {t('auctionsMd.saveResults')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

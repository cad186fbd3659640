import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CardRole, Column } from './column.ts';

export type { CardRole } from './column.ts';

const STATUS_KEYS = new Set(['status']);
const AMOUNT_KEYS = new Set([
  'amount',
  'total',
  'net',
  'value',
  'balance',
  'gross',
  'creditValue',
  'farmerAmount',
]);
const PARTY_KEYS = new Set([
  'party',
  'farmer',
  'supplier',
  'buyer',
  'payee',
  'amcos',
  'store',
  'to',
  'beneficiary',
  'transporter',
  'name',
]);
const ACTION_KEYS = new Set(['actions', 'edit', 'remove', 'open', 'approve']);

/**
 * Each column's role on a card: as the column says, else by its key (the first column is the
 * record's number; the first of the party and amount keys are its party and amount). A column
 * that names its place takes it: no other column is guessed into the number, party or amount.
 */
export function cardRoles<T>(columns: Column<T>[]): CardRole[] {
  const named = (role: CardRole) => columns.some((c) => c.card === role);
  let party = named('party');
  let amount = named('amount');
  const title = named('title');
  return columns.map((column, i) => {
    if (column.card) return column.card;
    if (i === 0 && !title) return 'title';
    if (STATUS_KEYS.has(column.key)) return 'status';
    if (ACTION_KEYS.has(column.key)) return 'action';
    if (!amount && AMOUNT_KEYS.has(column.key)) {
      amount = true;
      return 'amount';
    }
    if (!party && PARTY_KEYS.has(column.key)) {
      party = true;
      return 'party';
    }
    return 'detail';
  });
}

/**
 * A list on a phone (#27): one card per row, the record's number and status on the first line, its
 * party and amount on the second, the other columns below as label and value, and its actions
 * last. Nothing scrolls sideways.
 */
export function DataCards<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}) {
  const roles = cardRoles(columns);
  const cell = (row: T, role: CardRole): ReactNode[] =>
    columns.flatMap((c, i) => (roles[i] === role ? [<span key={c.key}>{c.render(row)}</span>] : []));
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      aria-label={label}
      style={{ listStyle: 'none' }}
      data-testid="data-cards"
    >
      {rows.map((row) => (
        <Paper component="li" withBorder radius="md" p="sm" key={rowKey(row)} data-testid="data-card">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text component="div" fw={700} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {cell(row, 'title')}
            </Text>
            {cell(row, 'status')}
          </Group>
          {(cell(row, 'party').length > 0 || cell(row, 'amount').length > 0) && (
            <Group justify="space-between" wrap="nowrap" gap="xs" mt={4} align="flex-start">
              <Text component="div" size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {cell(row, 'party')}
              </Text>
              <Text component="div" size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {cell(row, 'amount')}
              </Text>
            </Group>
          )}
          <Stack gap={2} mt={4}>
            {columns.map((c, i) =>
              roles[i] === 'detail' ? (
                <Group key={c.key} gap={6} wrap="nowrap" align="flex-start">
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {c.header}
                  </Text>
                  <Text size="xs" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {c.render(row)}
                  </Text>
                </Group>
              ) : null,
            )}
          </Stack>
          {cell(row, 'action').length > 0 && (
            <Group gap="xs" mt="xs" wrap="wrap">
              {cell(row, 'action')}
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

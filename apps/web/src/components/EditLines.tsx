import { Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMedia } from '../lib/use-media.ts';
import { ColumnsHead } from './ColumnsHead.tsx';
import { CARDS_BELOW } from './DataTable.tsx';
import { LinesScroll } from './LinesTable.tsx';

/**
 * A column of a form's lines: the item (`item`), a figure the user types or must see (`figure`:
 * quantity, price, amount), something beside it (`extra`: what the BOQ suggests, what the store
 * holds, the limit left), or the line's action (`action`: remove).
 */
export interface EditColumn<T> {
  key: string;
  header: string;
  render: (line: T, index: number) => ReactNode;
  role: 'item' | 'figure' | 'extra' | 'action';
  align?: 'left' | 'right';
}

/**
 * The lines of a form being filled in (#27). A table on a wide screen; on a phone each line stands
 * as a block: the item on top (its name wraps), then its figures side by side, quantity, price and
 * amount always in view with their headers, then the rest as label and value. Nothing scrolls
 * sideways, so the figures a clerk types and checks are never off the screen.
 */
export function EditLines<T>({
  label,
  columns,
  lines,
  lineKey,
  testId,
  minWidth = 720,
}: {
  label: string;
  columns: EditColumn<T>[];
  lines: T[];
  lineKey: (line: T) => string;
  testId: string;
  minWidth?: number;
}) {
  const stacked = useMedia(CARDS_BELOW);
  if (stacked) {
    const of = (role: EditColumn<T>['role']) => columns.filter((c) => c.role === role);
    return (
      <Stack gap="xs" data-testid={testId} aria-label={label} role="list">
        {lines.map((line, i) => (
          <Paper
            withBorder
            radius="md"
            p="sm"
            key={lineKey(line)}
            role="listitem"
            data-testid={`${testId}-line`}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text component="div" size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {of('item').map((c) => (
                  <span key={c.key}>{c.render(line, i)}</span>
                ))}
              </Text>
              {of('action').map((c) => (
                <span key={c.key}>{c.render(line, i)}</span>
              ))}
            </Group>
            <SimpleGrid cols={Math.max(1, of('figure').length)} spacing="xs" mt="xs">
              {of('figure').map((c) => (
                <Stack gap={2} key={c.key} data-testid={`${testId}-${c.key}`} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {c.header}
                  </Text>
                  <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {c.render(line, i)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            {of('extra').map((c) => (
              <Group key={c.key} gap={6} mt={4} wrap="nowrap" align="flex-start">
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {c.header}
                </Text>
                <Text component="div" size="xs" style={{ minWidth: 0 }}>
                  {c.render(line, i)}
                </Text>
              </Group>
            ))}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <LinesScroll label={label} minWidth={minWidth}>
      <Table data-testid={testId} aria-label={label}>
        <ColumnsHead columns={columns} />
        <Table.Tbody>
          {lines.map((line, i) => (
            <Table.Tr key={lineKey(line)}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.align}>
                  {c.render(line, i)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </LinesScroll>
  );
}

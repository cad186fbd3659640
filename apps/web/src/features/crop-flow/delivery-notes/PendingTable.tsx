import { Checkbox, ScrollArea, Table } from '@mantine/core';
import type { PendingCollection } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatKg, formatNumber } from '../../../lib/format.ts';

/**
 * A society's pending collections with the ones a note would take highlighted. When `pickable`,
 * the clerk ticks them one by one or all at once; otherwise the grade or kg target decides.
 */
export function PendingTable({
  rows,
  chosen,
  pickable,
  onChange,
}: {
  rows: PendingCollection[];
  chosen: ReadonlySet<string>;
  pickable: boolean;
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const allChosen = rows.length > 0 && rows.every((r) => chosen.has(r.id));
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : [...chosen].filter((x) => x !== id));
  return (
    <ScrollArea.Autosize mah={420}>
      <Table striped highlightOnHover data-testid="dn-pending">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              {pickable && (
                <Checkbox
                  aria-label={t('dnMd.chooseAll')}
                  checked={allChosen}
                  indeterminate={chosen.size > 0 && !allChosen}
                  onChange={(e) => onChange(e.currentTarget.checked ? rows.map((r) => r.id) : [])}
                />
              )}
            </Table.Th>
            <Table.Th>{t('collectionsMd.receiptNo')}</Table.Th>
            <Table.Th>{t('collectionsMd.date')}</Table.Th>
            <Table.Th>{t('collectionsMd.farmer')}</Table.Th>
            <Table.Th>{t('collectionsMd.grade')}</Table.Th>
            <Table.Th ta="right">{t('collectionsMd.bags')}</Table.Th>
            <Table.Th ta="right">{t('collectionsMd.netKg')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const on = chosen.has(r.id);
            return (
              <Table.Tr key={r.id} bg={on ? 'var(--mantine-primary-color-light)' : undefined}>
                <Table.Td>
                  <Checkbox
                    aria-label={r.receiptNo}
                    checked={on}
                    disabled={!pickable}
                    onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>{r.receiptNo}</Table.Td>
                <Table.Td>{formatDate(r.collectedOn)}</Table.Td>
                <Table.Td>{`${r.farmerNo} · ${r.farmerName}`}</Table.Td>
                <Table.Td>{r.gradeName}</Table.Td>
                <Table.Td ta="right">{formatNumber(r.bags)}</Table.Td>
                <Table.Td ta="right">{formatKg(r.netKg)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

import { Alert, Badge, Table } from '@mantine/core';
import type { OpeningPreview } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format.ts';

type Row = OpeningPreview['rows'][number];

/** What becomes of a row: taken (teal), nothing to take (gray), taken without farmers (yellow), refused. */
function FateCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const color =
    row.fate === 'ok'
      ? 'teal'
      : row.fate === 'zero'
        ? 'gray'
        : row.fate === 'without_farmer_detail'
          ? 'yellow'
          : 'red';
  return (
    <Table.Td>
      <Badge variant="light" color={color}>
        {t(`goLive.fates.${row.fate}`, { detail: row.detail ?? '' })}
      </Badge>
    </Table.Td>
  );
}

/** The dry run: every row's fate, then the totals and why the file cannot go in, if it cannot. */
export function OpeningPreviewTable({ preview }: { preview: OpeningPreview }) {
  const { t } = useTranslation();
  const figure = (v: string | null) => (v === null || /^0(\.0+)?$/.test(v) ? '' : formatDecimal(v));
  return (
    <>
      <Alert color={preview.problem ? 'red' : 'teal'} data-testid="opening-summary">
        {t('goLive.summary', {
          rows: preview.rows.length,
          accepted: preview.accepted,
          refused: preview.refused,
          debit: formatDecimal(preview.totalDebit),
          credit: formatDecimal(preview.totalCredit),
          difference: formatDecimal(preview.difference),
        })}
        {preview.problem && <div data-testid="opening-problem">{preview.problem}</div>}
      </Alert>
      <Table.ScrollContainer minWidth={620} mah={360}>
        <Table striped stickyHeader data-testid="opening-rows" aria-label={t('goLive.rows')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('goLive.row')}</Table.Th>
              <Table.Th>{t('goLive.reference')}</Table.Th>
              <Table.Th>{t('goLive.name')}</Table.Th>
              <Table.Th ta="right">{t('goLive.debit')}</Table.Th>
              <Table.Th ta="right">{t('goLive.credit')}</Table.Th>
              <Table.Th>{t('goLive.fate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((r) => (
              <Table.Tr key={r.row} data-fate={r.fate}>
                <Table.Td>{r.row}</Table.Td>
                <Table.Td>{r.reference}</Table.Td>
                <Table.Td>{r.name ?? ''}</Table.Td>
                <Table.Td ta="right">{figure(r.debit)}</Table.Td>
                <Table.Td ta="right">{figure(r.credit)}</Table.Td>
                <FateCell row={r} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

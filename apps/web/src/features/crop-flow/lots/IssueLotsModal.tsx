import { Group, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { type AwaitingLotRow, issueLotsBody } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { LineInputCell } from '../../../components/LineInputCell.tsx';
import { AddLineButton, RemoveLineButton } from '../../../components/RemoveLineButton.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatKg, formatNumber } from '../../../lib/format.ts';
import type { EditableLines } from '../../../lib/use-lines.ts';
import { useIssueLots } from './hooks.ts';

type Line = {
  bags: string;
  netKg: string;
  certificateNo: string;
  moisture: string;
  outturn: string;
  nutCount: string;
};
const blank: Line = { bags: '', netKg: '', certificateNo: '', moisture: '', outturn: '', nutCount: '' };
const safeSum = (values: string[]) => {
  try {
    return sum(values.map((v) => (v.trim() === '' ? '0' : v))).toFixed(3);
  } catch {
    return null;
  }
};

/**
 * Lots of one grade from the chosen received notes: one line per lot (bags, warehouse kg,
 * quality certificate). The farmers' collections are shared out by the server.
 */
export function IssueLotsModal({ rows, onClose }: { rows: AwaitingLotRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const issue = useIssueLots();
  const form = useForm({ lots: [{ ...blank }] as Line[] });
  const lines = form.values.lots;
  const available = sum(rows.map((r) => r.warehouseKg)).toFixed(3);
  const total = safeSum(lines.map((l) => l.netKg));
  const set = (i: number, change: Partial<Line>) =>
    form.setValue(
      'lots',
      lines.map((l, k) => (k === i ? { ...l, ...change } : l)),
    );
  const submit = form.onSubmit(() => {
    const body = form.validate(issueLotsBody, {
      deliveryNoteIds: rows.map((r) => r.deliveryNoteId),
      gradeId: rows[0]?.gradeId,
      lots: lines.map(lotOfLine),
    });
    if (!body) return;
    confirmAction({
      title: t('lotsMd.confirmIssueTitle'),
      message: t('lotsMd.confirmIssue', { count: body.lots.length }),
      amount: total === null ? '—' : formatKg(total),
      confirmLabel: t('lotsMd.issue'),
      danger: false,
      onConfirm: () => issue.mutate(body, form.saved(onClose)),
    });
  });
  const first = rows[0];
  return (
    <FormModal
      opened
      onClose={onClose}
      size="xl"
      title={t('lotsMd.issue')}
      onSubmit={submit}
      error={form.formError ?? form.errors.lots ?? null}
      submitLabel={t('lotsMd.issue')}
      submitting={issue.isPending}
      testId="issue-lots-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Text size="sm">
          {t('fields.amcos')}: <b>{first?.amcosName}</b>
        </Text>
        <Text size="sm">
          {t('collectionsMd.grade')}: <b>{first?.gradeName}</b>
        </Text>
        <Text size="sm">
          {t('lotsMd.notes')}: <b>{rows.map((r) => r.dnNo).join(', ')}</b>
        </Text>
      </SimpleGrid>
      <LotLinesTable
        lines={lines}
        onChange={set}
        onRemove={(i) =>
          form.setValue(
            'lots',
            lines.filter((_, k) => k !== i),
          )
        }
      />
      <Group justify="space-between">
        <AddLineButton
          label={t('lotsMd.addLine')}
          onClick={() => form.setValue('lots', [...lines, { ...blank }])}
          testId="lot-add-line"
        />
        <Text size="sm" c={total !== null && dec(total).greaterThan(available) ? 'red' : undefined}>
          {t('lotsMd.totalOf', {
            total: total === null ? '—' : formatKg(total),
            available: formatKg(available),
            collections: formatNumber(rows.reduce((n, r) => n + r.collections, 0)),
          })}
        </Text>
      </Group>
    </FormModal>
  );
}

const optionalNumber = (v: string) => (v.trim() === '' ? null : Number(v));

/** A typed lot line as the API takes it: blank optional figures as null. */
const lotOfLine = (l: Line) => ({
  bags: l.bags.trim() === '' ? undefined : Number(l.bags),
  netKg: l.netKg,
  certificateNo: l.certificateNo,
  moisture: l.moisture.trim() || null,
  outturn: l.outturn.trim() || null,
  nutCount: optionalNumber(l.nutCount),
});

/** One line per lot: bags, warehouse kg, quality certificate and the crop's quality figures. */
function LotLinesTable({ lines, onChange, onRemove }: EditableLines<Line>) {
  const { t } = useTranslation();
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>{t('collectionsMd.bags')} *</Table.Th>
          <Table.Th>{t('lotsMd.netKg')} *</Table.Th>
          <Table.Th>{t('lotsMd.certificateNo')}</Table.Th>
          <Table.Th>{t('collectionsMd.moisture')}</Table.Th>
          <Table.Th>{t('lotsMd.outturn')}</Table.Th>
          <Table.Th>{t('lotsMd.nutCount')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity until saved
          <Table.Tr key={i} data-testid={`lot-line-${i}`}>
            <Table.Td>{i + 1}</Table.Td>
            <Table.Td>
              <TextInput
                aria-label={`${t('collectionsMd.bags')} ${i + 1}`}
                inputMode="numeric"
                w={80}
                data-autofocus={i === 0 ? true : undefined}
                value={l.bags}
                onChange={(e) => onChange(i, { bags: e.currentTarget.value })}
              />
            </Table.Td>
            {(['netKg', 'certificateNo', 'moisture', 'outturn', 'nutCount'] as const).map((field) => (
              <LineInputCell
                key={field}
                label={`${t(`lotsMd.column.${field}`)} ${i + 1}`}
                w={field === 'certificateNo' || field === 'netKg' ? 120 : 80}
                value={l[field]}
                onChange={(value) => onChange(i, { [field]: value })}
              />
            ))}
            <Table.Td>
              <RemoveLineButton
                label={t('lotsMd.removeLine', { n: i + 1 })}
                disabled={lines.length === 1}
                onClick={() => onRemove(i)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

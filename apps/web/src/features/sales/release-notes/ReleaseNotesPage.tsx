import { Button, Checkbox, Drawer, Table, Text, Textarea, TextInput } from '@mantine/core';
import { createReleaseNoteBody, type ReleaseNoteDetail } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DateField } from '../../../components/DateField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { OriginSection } from '../../crop-flow/origin/OriginSection.tsx';
import { BuyerSelect } from '../buyers/BuyerSelect.tsx';
import { releaseNotes, useCreateSales, useReleasableLots } from '../hooks.ts';
import { useBuyerPicks } from '../use-buyer-picks.ts';

export default function ReleaseNotesRoute() {
  return (
    <RequirePermission permission="sales.invoice.read" unionOnly>
      <ReleaseNotesPage />
    </RequirePermission>
  );
}

function ReleaseNotesPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [origin, setOrigin] = useState<{ id: string; releaseNo: string } | null>(null);
  const canCreate = useCan('sales.invoice.create', 'union');
  return (
    <>
      <PageHeader
        title={t('salesMd.releaseNotes')}
        breadcrumbs={[{ label: t('salesMd.sales') }, { label: t('salesMd.releaseNotes') }]}
      />
      <ResourceList
        label={t('salesMd.releaseNotes')}
        resource={releaseNotes}
        testId="release-notes-table"
        emptyTitle={t('salesMd.noReleases')}
        {...(canCreate ? { onCreate: () => setCreating(true), createLabel: t('salesMd.createRelease') } : {})}
        columns={[
          { key: 'no', header: t('salesMd.releaseNo'), sortField: 'releaseNo', render: (n) => n.releaseNo },
          { key: 'buyer', header: t('salesMd.buyer'), render: (n) => n.buyerName },
          { key: 'warehouse', header: t('salesMd.warehouse'), render: (n) => n.warehouseName },
          {
            key: 'date',
            header: t('salesMd.releaseDate'),
            sortField: 'releaseDate',
            render: (n) => formatDate(n.releaseDate),
          },
          { key: 'lots', header: t('salesMd.lots'), align: 'right', render: (n) => n.lotCount },
          {
            key: 'kg',
            header: t('salesMd.netKg'),
            align: 'right',
            render: (n) => formatDecimal(n.totalKg, 3),
          },
          {
            key: 'pdf',
            header: t('salesMd.pdf'),
            render: (n) => <PdfButton path={`sales/release-notes/${n.id}/pdf`} name={n.releaseNo} />,
          },
          {
            key: 'origin',
            header: t('originMd.title'),
            render: (n) => (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => setOrigin(n)}
                data-testid="release-origin"
              >
                {t('originMd.title')}
              </Button>
            ),
          },
        ]}
      />
      {origin && (
        <Drawer
          opened
          onClose={() => setOrigin(null)}
          position="right"
          size="xl"
          title={`${t('originMd.title')} · ${origin.releaseNo}`}
        >
          <OriginSection source={{ kind: 'release_note', id: origin.id }} />
        </Drawer>
      )}
      {creating && <ReleaseForm onClose={() => setCreating(false)} />}
    </>
  );
}

/** Only the buyer's fully paid lots are offered; the server refuses any other. */
function ReleaseForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    buyerId: null as string | null,
    releaseDate: todayInTanzania(),
    collectorName: '',
    vehiclePlate: '',
    remarks: '',
  });
  const { chosen, changeBuyer, pick } = useBuyerPicks(form);
  const lots = useReleasableLots(form.values.buyerId);
  const create = useCreateSales<unknown, ReleaseNoteDetail>('sales/release-notes');
  const submit = form.onSubmit(() => {
    const body = form.validate(createReleaseNoteBody, { ...form.values, lotIds: chosen });
    if (!body) return;
    confirmAction({
      title: t('salesMd.createRelease'),
      message: t('salesMd.releaseConfirm', { count: chosen.length }),
      confirmLabel: t('salesMd.release'),
      danger: false,
      onConfirm: () => create.mutate(body, form.saved(onClose)),
    });
  });
  const rows = lots.data ?? [];
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('salesMd.createRelease')}
      onSubmit={submit}
      error={form.formError ?? (form.errors as Record<string, string | undefined>).lotIds ?? null}
      submitLabel={t('salesMd.release')}
      submitting={create.isPending}
      size="xl"
      testId="release-form"
    >
      <BuyerSelect required autoFocus {...form.control('buyerId')} onChange={changeBuyer} />
      <DateField required label={t('salesMd.releaseDate')} {...form.text('releaseDate')} />
      <TextInput label={t('salesMd.collectorName')} {...form.text('collectorName')} />
      <TextInput label={t('salesMd.vehiclePlate')} {...form.text('vehiclePlate')} />
      <Textarea label={t('salesMd.remarks')} {...form.text('remarks')} />
      {form.values.buyerId && !lots.isLoading && rows.length === 0 && (
        <Text c="dimmed">{t('salesMd.noReleasable')}</Text>
      )}
      {rows.length > 0 && (
        <Table data-testid="releasable-lots">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>{t('salesMd.lot')}</Table.Th>
              <Table.Th>{t('salesMd.warehouse')}</Table.Th>
              <Table.Th>{t('fields.amcos')}</Table.Th>
              <Table.Th>{t('salesMd.grade')}</Table.Th>
              <Table.Th ta="right">{t('salesMd.netKg')}</Table.Th>
              <Table.Th>{t('salesMd.invoiceNo')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((l) => (
              <Table.Tr key={l.lotId}>
                <Table.Td>
                  <Checkbox
                    aria-label={`${t('salesMd.lot')} ${l.lotNo}`}
                    checked={chosen.includes(l.lotId)}
                    onChange={(e) => pick(l.lotId, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>{l.lotNo}</Table.Td>
                <Table.Td>{l.warehouseName}</Table.Td>
                <Table.Td>{l.amcosName}</Table.Td>
                <Table.Td>{l.gradeName}</Table.Td>
                <Table.Td ta="right">{formatDecimal(l.netKg, 3)}</Table.Td>
                <Table.Td>{l.invoiceNo}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </FormModal>
  );
}

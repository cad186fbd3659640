import { Alert, Anchor, Button, Group, Modal, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import type { SettlementPreview, SettlementSelection } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ColumnsHead } from '../../../components/ColumnsHead.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDate, kgOrDash, moneyOrDash } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { societies } from '../../amcos/hooks.ts';
import { auctions } from '../../sales/auctions/hooks.ts';
import { settlements, useCreateSettlement, usePreview } from '../hooks.ts';
import { PayStatusBadge } from '../PayStatusBadge.tsx';
import { PaymentLinesTable } from '../payments/PaymentLinesTable.tsx';
import { SplitSummary } from './SplitSummary.tsx';

/** WHR payments: the settlement runs, and settling paid lots (preview, then save a draft). */
export default function SettlementsRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [settling, setSettling] = useState(false);
  const canCreate = useCan('payments.settlement.create');
  if (user?.amcosId) return <SocietyPayments />;
  return (
    <RequirePermission permission="payments.settlement.read" unionOnly>
      <PageHeader
        title={t('pay.settlements')}
        description={t('pay.settlementsHint')}
        breadcrumbs={[{ label: t('pay.payments') }, { label: t('pay.settlements') }]}
      />
      <ResourceList
        label={t('pay.settlements')}
        resource={settlements}
        testId="settlements-table"
        emptyTitle={t('pay.noSettlements')}
        onCreate={canCreate ? () => setSettling(true) : undefined}
        createLabel={t('pay.settle')}
        columns={[
          {
            key: 'no',
            header: t('pay.settlementNo'),
            render: (s) => (
              <Anchor component={Link} to={`/collections/payments/whr/${s.id}/details`}>
                {s.settlementNo}
              </Anchor>
            ),
          },
          { key: 'date', header: t('pay.date'), render: (s) => formatDate(s.settledOn) },
          { key: 'lots', header: t('pay.lots'), align: 'right', render: (s) => s.lotCount },
          { key: 'farmers', header: t('pay.farmers'), align: 'right', render: (s) => s.farmerCount },
          { key: 'gross', header: t('pay.gross'), align: 'right', render: (s) => moneyOrDash(s.gross) },
          {
            key: 'net',
            header: t('pay.farmersNet'),
            align: 'right',
            render: (s) => moneyOrDash(s.farmersNet),
          },
          { key: 'status', header: t('fields.status'), render: (s) => <PayStatusBadge status={s.status} /> },
        ]}
      />
      {settling && <SettleModal onClose={() => setSettling(false)} />}
    </RequirePermission>
  );
}

/** An AMCOS user's Payments: what their farmers and their society were paid. */
function SocietyPayments() {
  const { t } = useTranslation();
  return (
    <RequirePermission permission="payments.settlement.read">
      <PageHeader title={t('pay.payments')} breadcrumbs={[{ label: t('pay.payments') }]} />
      <Tabs defaultValue="farmer" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="farmer">{t('pay.lineTitles.farmer')}</Tabs.Tab>
          <Tabs.Tab value="amcos">{t('pay.lineTitles.amcos')}</Tabs.Tab>
        </Tabs.List>
        {(['farmer', 'amcos'] as const).map((party) => (
          <Tabs.Panel key={party} value={party} pt="md">
            <PaymentLinesTable
              path="payments/lines"
              scope={{ party_type: party }}
              testId={`society-payments-${party}`}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </RequirePermission>
  );
}

function SettleModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [selection, setSelection] = useState<SettlementSelection>({});
  const [preview, setPreview] = useState<SettlementPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const amcosOptions = societies.useOptions();
  const auctionOptions = auctions.useOptions({ status: 'closed' });
  const runPreview = usePreview();
  const create = useCreateSettlement();
  const fail = (e: unknown) => setError(e instanceof ApiError ? e.serverMessage : String(e));
  const change = (next: SettlementSelection) => {
    setSelection(next);
    setPreview(null);
    setError(null);
  };
  return (
    <Modal opened onClose={onClose} title={t('pay.settle')} size="90%" centered>
      <Stack data-testid="settle-form">
        <Group align="end">
          <Select
            data-autofocus
            label={t('pay.auction')}
            placeholder={t('pay.anyAuction')}
            clearable
            searchable
            data={(auctionOptions.data ?? []).map((a) => ({ value: a.id, label: a.auctionNo }))}
            value={selection.auctionId ?? null}
            onChange={(v) => change({ ...selection, auctionId: v ?? undefined })}
          />
          <Select
            label={t('fields.amcos')}
            placeholder={t('pay.anyAmcos')}
            clearable
            searchable
            data={(amcosOptions.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            value={selection.amcosId ?? null}
            onChange={(v) => change({ ...selection, amcosId: v ?? undefined })}
          />
          <Button
            variant="light"
            loading={runPreview.isPending}
            onClick={() =>
              runPreview.mutate(selection, { onSuccess: (r) => setPreview(r.data), onError: fail })
            }
            data-testid="settle-preview"
          >
            {t('pay.preview')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('pay.selectionHint')}
        </Text>
        {error && (
          <Alert color="red" data-testid="settle-error">
            {error}
          </Alert>
        )}
        {preview && <PreviewView preview={preview} />}
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!preview}
            loading={create.isPending}
            onClick={() =>
              create.mutate(selection, {
                onSuccess: (r) => {
                  onClose();
                  navigate(`/collections/payments/whr/${r.data.id}/details`);
                },
                onError: fail,
              })
            }
            data-testid="settle-save"
          >
            {t('pay.saveDraft')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PreviewView({ preview }: { preview: SettlementPreview }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="settle-preview-result">
      <Text fw={600}>{t('pay.previewCount', { lots: preview.lotCount, farmers: preview.farmerCount })}</Text>
      <SplitSummary totals={preview} testId="preview-totals" />
      <LotsSplitTable lots={preview.lots} />
      <Text fw={600} mt="sm">
        {t('pay.farmers')}
        {preview.farmerCount > preview.farmers.length &&
          ` — ${t('pay.firstFarmers', { count: preview.farmers.length })}`}
      </Text>
      <Table.ScrollContainer minWidth={700}>
        <Table striped data-testid="preview-farmers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pay.farmerNo')}</Table.Th>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th ta="right">{t('pay.kg')}</Table.Th>
              <Table.Th ta="right">{t('pay.deductions')}</Table.Th>
              <Table.Th ta="right">{t('pay.owed')}</Table.Th>
              <Table.Th ta="right">{t('pay.loanRecovery')}</Table.Th>
              <Table.Th ta="right">{t('pay.memberShares')}</Table.Th>
              <Table.Th ta="right">{t('pay.net')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.farmers.map((f) => (
              <Table.Tr key={f.farmerId}>
                <Table.Td>{f.farmerNo}</Table.Td>
                <Table.Td>{f.farmerName}</Table.Td>
                <Table.Td ta="right">{kgOrDash(f.kg)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(f.deductions)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(f.owed)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(f.loanRecovery)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(f.memberShares)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(f.net)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** A lot's split as columns: sold and collected kg, price, gross, and every deduction with its payee. */
export function lotSplitColumns(t: TFunction): Column<SettlementPreview['lots'][number]>[] {
  return [
    {
      key: 'lot',
      header: t('pay.lot'),
      render: (l) => (
        <>
          {l.lotNo}
          <Text size="xs" c="dimmed">
            {l.whrNo}
          </Text>
        </>
      ),
    },
    { key: 'amcos', header: t('fields.amcos'), render: (l) => l.amcosName },
    { key: 'kg', header: t('pay.soldKg'), align: 'right', render: (l) => kgOrDash(l.kg) },
    {
      key: 'collected',
      header: t('pay.collectedKg'),
      align: 'right',
      render: (l) => kgOrDash(l.collectedKg),
    },
    { key: 'price', header: t('pay.price'), align: 'right', render: (l) => moneyOrDash(l.pricePerKg) },
    { key: 'gross', header: t('pay.gross'), align: 'right', render: (l) => moneyOrDash(l.gross) },
    {
      key: 'deductions',
      header: t('pay.deductions'),
      render: (l) =>
        l.deductions.map((d) => (
          <Text key={`${d.name}-${d.partyId}`} size="xs">
            {d.name} ({d.partyName}
            {d.payer === 'buyer' ? `, ${t('pay.buyerPaid')}` : ''}): {moneyOrDash(d.amount)}
          </Text>
        )),
    },
    {
      key: 'amcosShares',
      header: t('pay.amcosShares'),
      align: 'right',
      render: (l) => moneyOrDash(l.amcosShares),
    },
    {
      key: 'loan',
      header: t('pay.loanRecovery'),
      align: 'right',
      render: (l) => moneyOrDash(l.loanRecovery),
    },
    {
      key: 'shares',
      header: t('pay.memberShares'),
      align: 'right',
      render: (l) => moneyOrDash(l.memberShares),
    },
    { key: 'net', header: t('pay.farmersNet'), align: 'right', render: (l) => moneyOrDash(l.farmersNet) },
  ];
}

/** Each lot's split, all on one table (the preview; a saved settlement's Lots tab pages them). */
export function LotsSplitTable({ lots }: { lots: SettlementPreview['lots'] }) {
  const { t } = useTranslation();
  const columns = lotSplitColumns(t);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped data-testid="lots-split">
        <ColumnsHead columns={columns} />
        <Table.Tbody>
          {lots.map((l) => (
            <Table.Tr key={l.lotId}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.align}>
                  {c.render(l)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

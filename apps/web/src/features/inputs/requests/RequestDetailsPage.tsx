import { Anchor, Badge, Button, Group, Table } from '@mantine/core';
import { IconCheck, IconPackageExport, IconX } from '@tabler/icons-react';
import { dec } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { requests, useDecision } from './hooks.ts';
import { ItemCells } from './RequestLinesTable.tsx';

export default function RequestDetailsRoute() {
  return (
    <RequirePermission permission="collections.collection.read">
      <RequestDetailsPage />
    </RequirePermission>
  );
}

function RequestDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const request = requests.useOne(id);
  const decide = useDecision(id);
  const [rejecting, setRejecting] = useState(false);
  const user = useSession().user;
  const canApprove = useCan('collections.input.approve');
  const canDistribute = useCan('collections.collection.create');
  const r = request.data;
  if (!r) return <LoadingBlock />;
  const myLevel = user?.amcosId ? 'pending' : 'amcos_approved';
  const mine = r.createdBy === user?.id || r.amcosApprovedBy === user?.id;
  const mayDecide = canApprove && r.status === myLevel && !mine;
  return (
    <DetailsLayout
      title={r.requestNo}
      status={r.status}
      statusTestId="request-status"
      description={`${r.farmerNo} · ${r.farmerName} · ${r.amcosName}`}
      breadcrumbs={[
        { label: t('inputs.requests.title'), to: '/collections/farmer-requests/list' },
        { label: r.requestNo },
      ]}
      history={{ entity: 'input_request', id: r.id }}
      actions={
        <Group gap="xs">
          {mayDecide && (
            <>
              <Button
                leftSection={<IconCheck size={16} aria-hidden />}
                loading={decide.isPending}
                data-testid="request-approve"
                onClick={() =>
                  confirmAction({
                    title: t('inputs.requests.approveTitle'),
                    message: r.overLimit
                      ? t('inputs.requests.approveOverMessage', { reason: r.overrideReason })
                      : t('inputs.requests.approveMessage', { no: r.requestNo }),
                    confirmLabel: t('inputs.requests.approve'),
                    danger: false,
                    onConfirm: () =>
                      decide.mutate({ approve: true }, { onSuccess: (reply) => toastSuccess(reply.message) }),
                  })
                }
              >
                {t('inputs.requests.approve')}
              </Button>
              <Button
                variant="default"
                color="red"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => setRejecting(true)}
              >
                {t('inputs.requests.reject')}
              </Button>
            </>
          )}
          {r.status === 'approved' && canDistribute && (
            <Button
              leftSection={<IconPackageExport size={16} aria-hidden />}
              data-testid="request-distribute"
              onClick={() => navigate(`/collections/distributions/create?request=${r.id}`)}
            >
              {t('inputs.requests.distribute')}
            </Button>
          )}
          {r.distributionId && (
            <Anchor component={Link} to={`/collections/distributions/${r.distributionId}/details`}>
              {t('inputs.requests.seeDistribution')}
            </Anchor>
          )}
        </Group>
      }
    >
      <Section>
        <InfoGrid
          items={[
            [t('inputs.date'), formatDate(r.requestedOn)],
            [t('fields.season'), `${r.seasonName} · ${r.cropName}`],
            [t('inputs.acres'), r.acres],
            [t('inputs.requests.creditValue'), formatMoney(r.creditValue)],
            [
              t('inputs.requests.amcosApproval'),
              r.amcosApprovedAt ? formatDateTime(r.amcosApprovedAt) : null,
            ],
            [
              t('inputs.requests.unionApproval'),
              r.unionApprovedAt ? formatDateTime(r.unionApprovedAt) : null,
            ],
            [t('inputs.requests.overrideReason'), r.overrideReason],
            [t('inputs.requests.rejectReason'), r.rejectReason],
          ]}
        />
      </Section>
      <Section title={t('inputs.lines')}>
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="request-detail-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inputs.item')}</Table.Th>
                <Table.Th ta="right">{t('inputs.requests.suggested')}</Table.Th>
                <Table.Th ta="right">{t('inputs.quantity')}</Table.Th>
                <Table.Th ta="right">{t('inputs.prices.creditPrice')}</Table.Th>
                <Table.Th ta="right">{t('inputs.requests.creditValue')}</Table.Th>
                <Table.Th ta="right">{t('inputs.prices.creditLimit')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(r.lines ?? []).map((l) => (
                <Table.Tr key={l.id}>
                  <ItemCells line={l} />
                  <Table.Td ta="right">{dec(l.quantity).toString()}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.creditPrice)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.creditValue)}</Table.Td>
                  <Table.Td ta="right">
                    {formatMoney(l.creditLimit)}{' '}
                    {l.overLimit && (
                      <Badge color="red" variant="light">
                        {t('status.over_limit')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      {rejecting && (
        <ReasonModal
          title={t('inputs.requests.rejectTitle')}
          reasonLabel={t('inputs.requests.rejectReason')}
          reasonRequired={t('inputs.requests.rejectRequired')}
          submitLabel={t('inputs.requests.reject')}
          confirmTitle={t('inputs.requests.rejectTitle')}
          confirmMessage={t('inputs.requests.rejectMessage', { no: r.requestNo })}
          mutation={{
            mutate: (reason, callbacks) => decide.mutate({ reason }, callbacks),
            isPending: decide.isPending,
          }}
          onClose={() => setRejecting(false)}
        />
      )}
    </DetailsLayout>
  );
}

import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconPackageExport, IconX } from '@tabler/icons-react';
import type { InputRequestLine } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { requests, useDecision } from './hooks.ts';
import { requestItemColumns } from './RequestLinesTable.tsx';

/** A request's lines: item, BOQ suggestion, quantity, credit price and value, and the limit. */
function requestLineColumns(t: TFunction): LineColumn<InputRequestLine>[] {
  return [
    ...requestItemColumns<InputRequestLine>(t),
    {
      key: 'quantity',
      header: t('inputs.quantity'),
      align: 'right',
      render: (l) => dec(l.quantity).toString(),
    },
    { key: 'price', header: t('inputs.prices.creditPrice'), kind: 'amount', value: (l) => l.creditPrice },
    { key: 'value', header: t('inputs.requests.creditValue'), kind: 'amount', value: (l) => l.creditValue },
    {
      key: 'limit',
      header: t('inputs.prices.creditLimit'),
      align: 'right',
      render: (l) => (
        <>
          {formatMoney(l.creditLimit)}{' '}
          {l.overLimit && (
            <Badge color="red" variant="light">
              {t('status.over_limit')}
            </Badge>
          )}
        </>
      ),
    },
  ];
}

export default function RequestDetailsRoute() {
  return (
    <RequirePermission permission="collections.collection.read">
      <RequestDetailsPage />
    </RequirePermission>
  );
}

function RequestDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const request = requests.useOne(id);
  const decide = useDecision(id);
  const [rejecting, setRejecting] = useState(false);
  const user = useSession().user;
  const canApprove = useCan('collections.input.approve');
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
        <RequestActions
          request={r}
          mayDecide={mayDecide}
          decide={decide}
          onReject={() => setRejecting(true)}
        />
      }
    >
      <Section>
        <InfoGrid items={requestFacts(t, r)} />
      </Section>
      <Section title={t('inputs.lines')}>
        <LinesTable
          label={t('inputs.lines')}
          columns={requestLineColumns(t)}
          lines={r.lines ?? []}
          lineKey={(l) => l.id}
          minWidth={640}
          testId="request-detail-lines"
        />
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

type InputRequest = NonNullable<ReturnType<typeof requests.useOne>['data']>;

/** Approve or reject (when it is this user's level and not their own), distribute, or see the distribution. */
function RequestActions({
  request: r,
  mayDecide,
  decide,
  onReject,
}: {
  request: InputRequest;
  mayDecide: boolean;
  decide: ReturnType<typeof useDecision>;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canDistribute = useCan('collections.collection.create');
  return (
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
                amount: formatMoney(r.creditValue),
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
            onClick={onReject}
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
  );
}

const requestFacts = (t: TFunction, r: InputRequest): [string, ReactNode][] => [
  [t('inputs.date'), formatDate(r.requestedOn)],
  [t('fields.season'), `${r.seasonName} · ${r.cropName}`],
  [t('inputs.acres'), r.acres],
  [
    t('inputs.requests.creditValue'),
    <Stack key="credit" gap={0}>
      <Text span inherit data-testid="request-credit-value">
        {formatMoney(r.creditValue)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('inputs.requests.creditValueHint')}
      </Text>
    </Stack>,
  ],
  [
    t('inputs.requests.farmerShare'),
    r.issued ? (
      <Text key="share" span inherit data-testid="request-farmer-share">
        {formatMoney(r.issued.farmerAmount)}
        {r.issued.loanNo ? ` · ${t('inputs.loan')} ${r.issued.loanNo}` : ''}
      </Text>
    ) : (
      t('inputs.requests.notIssuedYet')
    ),
  ],
  [t('inputs.subsidy'), r.issued ? formatMoney(r.issued.subsidyAmount) : '—'],
  [t('inputs.requests.amcosApproval'), r.amcosApprovedAt ? formatDateTime(r.amcosApprovedAt) : null],
  [t('inputs.requests.unionApproval'), r.unionApprovedAt ? formatDateTime(r.unionApprovedAt) : null],
  [t('inputs.requests.overrideReason'), r.overrideReason],
  [t('inputs.requests.rejectReason'), r.rejectReason],
];

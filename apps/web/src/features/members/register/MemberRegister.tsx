import { Anchor, Badge, Button, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import type { Member } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { formatDate, formatMoney, moneyOrDash } from '../../../lib/format.ts';
import { members, useRegisterTotals } from './hooks.ts';
import { JoinForm } from './JoinForm.tsx';
import { MinimumForm } from './MinimumForm.tsx';

export function MemberStatusBadge({ status }: { status: Member['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'active' ? 'green' : 'orange'} variant="light">
      {t(`members.status.${status}`)}
    </Badge>
  );
}

/**
 * One register (`society`: 'union' or an AMCOS's id): its members with their shares and fees, the
 * register's totals (its shares sub-ledger), registering a member and the by-law share minimum.
 */
export function MemberRegister({ society, canChange }: { society: string; canChange: boolean }) {
  const { t } = useTranslation();
  const [joining, setJoining] = useState(false);
  const [settings, setSettings] = useState(false);
  const totals = useRegisterTotals({ society });
  return (
    <>
      {totals.data && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="members-totals">
          {t('members.totals', {
            members: totals.data.members,
            paid: formatMoney(totals.data.sharesPaid),
            subscribed: formatMoney(totals.data.sharesSubscribed),
            fees: formatMoney(totals.data.entranceFeePaid),
          })}{' '}
          {t('members.shareMinimum')}: {formatMoney(totals.data.shareMinimum)}
        </Text>
      )}
      <ResourceList
        label={t('members.title')}
        resource={members}
        scope={{ society }}
        testId="members-table"
        emptyTitle={t('members.empty')}
        {...(canChange ? { onCreate: () => setJoining(true), createLabel: t('members.join') } : {})}
        filterNames={['status']}
        filters={(list) => (
          <>
            <ListFilter
              list={list}
              name="status"
              label={t('members.status.title')}
              width={200}
              data={(['active', 'pending'] as const).map((s) => ({
                value: s,
                label: t(`members.status.${s}`),
              }))}
            />
            {canChange && (
              <Button
                variant="default"
                leftSection={<IconSettings size={16} aria-hidden />}
                onClick={() => setSettings(true)}
                data-testid="members-minimum"
              >
                {t('members.setMinimum')}
              </Button>
            )}
          </>
        )}
        columns={[
          {
            key: 'no',
            header: t('members.memberNo'),
            sortField: 'member_no',
            render: (m) => (
              <Anchor component={Link} to={`/members/${m.id}/details`}>
                {m.memberNo}
              </Anchor>
            ),
          },
          { key: 'name', header: t('members.member'), render: (m) => m.name },
          {
            key: 'joined',
            header: t('members.joined'),
            sortField: 'joined_on',
            render: (m) => formatDate(m.joinedOn),
          },
          {
            key: 'subscribed',
            header: t('members.sharesSubscribed'),
            align: 'right',
            render: (m) => moneyOrDash(m.sharesSubscribed),
          },
          {
            key: 'paid',
            header: t('members.sharesPaid'),
            align: 'right',
            sortField: 'shares_paid',
            render: (m) => moneyOrDash(m.sharesPaid),
          },
          {
            key: 'unpaid',
            header: t('members.sharesUnpaid'),
            align: 'right',
            render: (m) => moneyOrDash(m.sharesUnpaid),
          },
          {
            key: 'fee',
            header: t('members.entranceFeePaid'),
            align: 'right',
            render: (m) => moneyOrDash(m.entranceFeePaid),
          },
          {
            key: 'status',
            header: t('members.status.title'),
            render: (m) => <MemberStatusBadge status={m.status} />,
          },
        ]}
      />
      {joining && <JoinForm society={society} onClose={() => setJoining(false)} />}
      {settings && <MinimumForm society={society} onClose={() => setSettings(false)} />}
    </>
  );
}

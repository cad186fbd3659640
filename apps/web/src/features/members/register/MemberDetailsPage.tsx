import { Button, Group } from '@mantine/core';
import { IconCash, IconEdit, IconFileSpreadsheet } from '@tabler/icons-react';
import type { MemberStatementLine } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { LinesTable } from '../../../components/LinesTable.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { EditMemberForm } from './EditMemberForm.tsx';
import { downloadStatement, useMemberStatement } from './hooks.ts';
import { MemberStatusBadge } from './MemberRegister.tsx';
import { PaymentForm } from './PaymentForm.tsx';

/** /members/:id/details: a member's share statement (shares, fees), its payments, and paying (#32). */
export default function MemberDetailsRoute() {
  return (
    <RequirePermission permission="amcos.farmer.read">
      <MemberDetailsPage />
    </RequirePermission>
  );
}

function MemberDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const statement = useMemberStatement(id);
  const [paying, setPaying] = useState(false);
  const [editing, setEditing] = useState(false);
  const canPostUnion = useCan('accounts.journal.create', 'union');
  const canSociety = useCan('amcos.farmer.update');
  const s = statement.data;
  if (!s) return <LoadingBlock />;
  const m = s.member;
  const union = m.society === 'union';
  const canPay = union ? canPostUnion : canSociety;
  const list = union ? '/members/union' : `/members/societies?amcos=${m.society}`;
  return (
    <DetailsLayout
      title={`${m.memberNo} · ${m.name}`}
      description={s.societyName}
      breadcrumbs={[
        { label: t(union ? 'members.unionTitle' : 'members.societyTitle'), to: list },
        { label: m.memberNo },
      ]}
      badge={<MemberStatusBadge status={m.status} />}
      history={{ entity: 'member', id: m.id }}
      actions={
        <Group gap="xs">
          {canPay && (
            <Button
              variant="default"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => setEditing(true)}
              data-testid="member-edit"
            >
              {t('members.edit')}
            </Button>
          )}
          {canPay && (
            <Button
              leftSection={<IconCash size={16} aria-hidden />}
              onClick={() => setPaying(true)}
              data-testid="member-pay"
            >
              {t('members.recordPayment')}
            </Button>
          )}
          <PdfButton
            path={`members/${m.id}/statement`}
            query={{ format: 'pdf' }}
            name={`MEMBER-STATEMENT-${m.memberNo}`}
          />
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={() => void downloadStatement(m.id, m.memberNo).catch(() => undefined)}
          >
            {t('members.xlsx')}
          </Button>
        </Group>
      }
    >
      <InfoGrid
        testId="member-figures"
        items={[
          [t('members.joined'), formatDate(m.joinedOn)],
          [t('members.sharesSubscribed'), formatMoney(m.sharesSubscribed)],
          [t('members.sharesPaid'), formatMoney(m.sharesPaid)],
          [t('members.sharesUnpaid'), formatMoney(m.sharesUnpaid)],
          [t('members.openingSharesPaid'), formatMoney(m.openingSharesPaid)],
          [t('members.entranceFeePaid'), formatMoney(m.entranceFeePaid)],
          ...(union
            ? ([[t('members.dividendToShares'), t(m.dividendToShares ? 'common.yes' : 'common.no')]] as [
                string,
                string,
              ][])
            : []),
        ]}
      />
      <Section title={t('members.payments')}>
        <LinesTable<MemberStatementLine>
          label={t('members.payments')}
          testId="member-payments"
          lines={s.lines}
          lineKey={(l) => l.id}
          empty={{ title: t('members.noPayments') }}
          columns={[
            { key: 'date', header: t('members.paidOn'), kind: 'date', value: (l) => l.paidOn },
            { key: 'receipt', header: t('members.receipt'), value: (l) => l.receiptNo },
            { key: 'kind', header: t('members.kinds.title'), render: (l) => t(`members.kinds.${l.kind}`) },
            { key: 'amount', header: t('members.amount'), kind: 'money', value: (l) => l.amount },
            {
              key: 'shares',
              header: t('members.sharesPaid'),
              kind: 'money',
              value: (l) => l.sharesPaidAfter,
            },
            {
              key: 'fees',
              header: t('members.entranceFeePaid'),
              kind: 'money',
              value: (l) => l.feesPaidAfter,
            },
            {
              key: 'into',
              header: t('members.receivedInto'),
              value: (l) =>
                l.settlementNo
                  ? t('members.fromCropMoney', { settlementNo: l.settlementNo })
                  : l.appropriationNo
                    ? t('members.fromDividend', { appropriationNo: l.appropriationNo })
                    : (l.bankAccountName ?? '—'),
            },
            { key: 'ref', header: t('members.reference'), value: (l) => l.reference ?? '' },
          ]}
        />
      </Section>
      {paying && <PaymentForm member={m} onClose={() => setPaying(false)} />}
      {editing && <EditMemberForm member={m} onClose={() => setEditing(false)} />}
    </DetailsLayout>
  );
}

import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingBlock } from '../../components/EmptyBlock.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { HistoryPanel } from '../audit/HistoryPanel.tsx';
import { beneficiaries } from './hooks.ts';

export default function BeneficiaryDetailsRoute() {
  return (
    <RequirePermission permission="settings.collection.read" unionOnly>
      <BeneficiaryDetailsPage />
    </RequirePermission>
  );
}

function BeneficiaryDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const beneficiary = beneficiaries.useOne(id);
  const b = beneficiary.data;
  if (!b) return <LoadingBlock />;
  const fields: [string, string | number | null][] = [
    [t('beneficiariesMd.kind'), t(`beneficiariesMd.kinds.${b.kind}`)],
    [t('fields.council'), b.councilName],
    [t('fields.bank'), b.bankName],
    [t('fields.accountNo'), b.accountNo],
    [t('seasonCropsMd.rules'), b.ruleCount],
  ];
  return (
    <>
      <PageHeader
        title={b.name}
        breadcrumbs={[
          { label: t('beneficiariesMd.title'), to: '/settings/collection/beneficiaries' },
          { label: b.name },
        ]}
        actions={<StatusBadge status={b.active ? 'active' : 'inactive'} />}
      />
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {fields.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm">{value ?? '—'}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <HistoryPanel entity="beneficiary" id={b.id} withTitle={false} mt="lg" />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../components/EmptyBlock.tsx';
import { InfoGrid } from '../../components/InfoGrid.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { Section } from '../../components/Section.tsx';
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
  return (
    <DetailsLayout
      title={b.name}
      breadcrumbs={[
        { label: t('beneficiariesMd.title'), to: '/settings/collection/beneficiaries' },
        { label: b.name },
      ]}
      status={b.active ? 'active' : 'inactive'}
      history={{ entity: 'beneficiary', id: b.id }}
    >
      <Section>
        <InfoGrid
          items={[
            [t('beneficiariesMd.kind'), t(`beneficiariesMd.kinds.${b.kind}`)],
            [t('fields.council'), b.councilName],
            [t('fields.bank'), b.bankName],
            [t('fields.accountNo'), b.accountNo],
            [
              t('twoBooks.unionIncome'),
              b.unionIncome ? t('twoBooks.unionIncomeYes') : t('twoBooks.unionIncomeNo'),
            ],
            [t('seasonCropsMd.rules'), b.ruleCount],
          ]}
        />
      </Section>
    </DetailsLayout>
  );
}

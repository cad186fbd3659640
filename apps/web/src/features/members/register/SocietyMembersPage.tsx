import { Select } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useAmcosOptions } from '../../amcos/hooks.ts';
import { OwnAppropriationLines } from '../appropriations/OwnAppropriationLines.tsx';
import { OwnSecondPaymentLines } from '../second-payments/OwnSecondPaymentLines.tsx';
import { MemberRegister } from './MemberRegister.tsx';

/**
 * /members/societies: an AMCOS's register, its farmers with their shares and entrance fees (#32).
 * An AMCOS user sees their own society's; union staff choose the AMCOS.
 */
export default function SocietyMembersRoute() {
  const { t } = useTranslation();
  const own = useSession().user?.amcosId ?? null;
  const [params, setParams] = useSearchParams();
  const chosen = own ?? params.get('amcos');
  const societies = useAmcosOptions(!own);
  const canChange = useCan('amcos.farmer.update');
  return (
    <RequirePermission permission="amcos.farmer.read">
      <PageHeader
        title={t('members.societyTitle')}
        description={t('members.societyDescription')}
        breadcrumbs={[{ label: t('members.title') }, { label: t('members.societyTitle') }]}
      />
      {!own && (
        <Select
          label={t('members.chooseAmcos')}
          searchable
          maw={360}
          mb="md"
          data-testid="members-amcos"
          data={(societies.data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
          value={chosen}
          onChange={(v) => setParams(v ? { amcos: v } : {})}
        />
      )}
      {own && <OwnAppropriationLines />}
      {own && <OwnSecondPaymentLines />}
      {chosen ? (
        <MemberRegister key={chosen} society={chosen} canChange={canChange} />
      ) : (
        <EmptyBlock icon={IconBuildingWarehouse} title={t('members.chooseAmcosHint')} />
      )}
    </RequirePermission>
  );
}

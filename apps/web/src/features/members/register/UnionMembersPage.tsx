import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { MemberRegister } from './MemberRegister.tsx';

/** /members/union: the union's register, its AMCOS with their shares and entrance fees (#32). */
export default function UnionMembersRoute() {
  const { t } = useTranslation();
  const canChange = useCan('accounts.journal.create', 'union');
  return (
    <RequirePermission permission="amcos.society.read" unionOnly>
      <PageHeader
        title={t('members.unionTitle')}
        description={t('members.unionDescription')}
        breadcrumbs={[{ label: t('members.title') }, { label: t('members.unionTitle') }]}
      />
      <MemberRegister society="union" canChange={canChange} />
    </RequirePermission>
  );
}

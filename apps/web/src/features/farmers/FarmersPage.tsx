import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { useCan } from '../../lib/use-can.ts';
import { FarmerFormModal } from './FarmerFormModal.tsx';
import { FarmerImportModal } from './FarmerImportModal.tsx';
import { FarmersTable } from './FarmersTable.tsx';

/** /amcos/amcos-farmers and /collection/setting/farmers. */
export default function FarmersRoute() {
  return (
    <RequirePermission permission="amcos.farmer.read">
      <FarmersPage />
    </RequirePermission>
  );
}

function FarmersPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const canCreate = useCan('amcos.farmer.create');
  return (
    <>
      <PageHeader
        title={t('farmersMd.title')}
        description={t('farmersMd.description')}
        breadcrumbs={[{ label: t('menu.amcos') }, { label: t('farmersMd.title') }]}
        actions={
          canCreate && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setImporting(true)}
              data-testid="farmers-import"
            >
              {t('farmersMd.import.open')}
            </Button>
          )
        }
      />
      <FarmersTable
        onCreate={canCreate ? () => setCreating(true) : undefined}
        createLabel={t('farmersMd.create')}
      />
      {creating && <FarmerFormModal onClose={() => setCreating(false)} />}
      {importing && <FarmerImportModal onClose={() => setImporting(false)} />}
    </>
  );
}

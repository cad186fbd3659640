import { Button } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import type { ListState } from '../../../components/use-list-state.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useBulkApprove } from './hooks.ts';

/**
 * Approves every request the list's filters match at the user's level (AMCOS manager: pending;
 * union: AMCOS-approved), after a confirmation. Shown only when the list is filtered to that status.
 */
export function BulkApproveButton({ list, total }: { list: ListState; total: number }) {
  const { t } = useTranslation();
  const can = useCan('collections.input.approve');
  const amcosUser = Boolean(useSession().user?.amcosId);
  const bulk = useBulkApprove();
  const level = amcosUser ? 'pending' : 'amcos_approved';
  if (!can || list.filters.status !== level || total === 0) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconChecks size={16} aria-hidden />}
      loading={bulk.isPending}
      data-testid="bulk-approve"
      onClick={() =>
        confirmAction({
          title: t('inputs.requests.bulkTitle'),
          message: t('inputs.requests.bulkMessage', { count: total }),
          confirmLabel: t('inputs.requests.approve'),
          danger: false,
          onConfirm: () =>
            bulk.mutate({
              status: level,
              amcos_id: list.filters.amcos_id || undefined,
              season_id: list.filters.season_id || undefined,
              search: list.search || undefined,
            }),
        })
      }
    >
      {t('inputs.requests.bulkApprove', { count: total })}
    </Button>
  );
}

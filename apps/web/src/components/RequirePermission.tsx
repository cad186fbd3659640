import { Paper } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session.ts';
import { useCan } from '../lib/use-can.ts';
import { EmptyBlock } from './EmptyBlock.tsx';

interface RequirePermissionProps {
  permission: string;
  /** Screens only union staff may use (the server refuses AMCOS users whatever their roles). */
  unionOnly?: boolean;
  /** Screens only a society's users may use (a weighing device belongs to one society). */
  amcosOnly?: boolean;
  children: ReactNode;
}

/**
 * Shows a screen only to users who may use it, instead of letting its calls fail. The server
 * enforces the same rule; this only spares the user a page of refusals.
 */
export function RequirePermission({ permission, unionOnly, amcosOnly, children }: RequirePermissionProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const allowed = useCan(permission, unionOnly ? 'union' : 'any') && (!amcosOnly || Boolean(user?.amcosId));
  if (allowed) return children;
  return (
    <Paper withBorder radius="md" p="xl" data-testid="no-access">
      <EmptyBlock icon={IconLock} title={t('noAccess.title')} description={t('noAccess.description')} />
    </Paper>
  );
}

/** A route's component wrapped in RequirePermission: `withPermission(InvoicesPage, 'sales.invoice.read', { unionOnly: true })`. */
export function withPermission(
  Page: () => ReactNode,
  permission: string,
  options: { unionOnly?: boolean } = {},
) {
  return function PermittedRoute() {
    return (
      <RequirePermission permission={permission} unionOnly={options.unionOnly}>
        <Page />
      </RequirePermission>
    );
  };
}

import { Paper } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../lib/current-route.ts';
import { EmptyBlock } from './EmptyBlock.tsx';
import { PageHeader } from './PageHeader.tsx';

/**
 * The one page every screen without an implementation yet shows, inside the app shell: it names
 * the screen and its module and says plainly that it is being built. It never shows sample data.
 */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  if (!route) return null;
  const screen = t(`screens.${route.name}`);
  const module = t(`modules.${route.module}`);
  return (
    <>
      <PageHeader title={screen} breadcrumbs={[{ label: module }, { label: screen }]} />
      <Paper withBorder radius="md" p="xl" data-testid="not-available">
        <EmptyBlock
          icon={IconHammer}
          title={t('notAvailable.title')}
          description={t('notAvailable.description', { module, screen })}
        />
      </Paper>
    </>
  );
}

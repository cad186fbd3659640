import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../components/EmptyBlock.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { formatDate } from '../../lib/format.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { seasons } from './hooks.ts';
import { SeasonCropsTable } from './SeasonCropsPage.tsx';

const NEXT: Record<string, 'open' | 'closed' | undefined> = { planned: 'open', open: 'closed' };

export default function SeasonDetailsRoute() {
  return (
    <RequirePermission permission="settings.collection.read" unionOnly>
      <SeasonDetailsPage />
    </RequirePermission>
  );
}

function SeasonDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const season = seasons.useOne(id);
  const update = seasons.useUpdate();
  const s = season.data;
  if (!s) return <LoadingBlock />;
  const next = NEXT[s.status];
  return (
    <DetailsLayout
      title={`${t('fields.season')} ${s.name}`}
      breadcrumbs={[{ label: t('seasonsMd.title'), to: '/collections/season-and-crops' }, { label: s.name }]}
      description={`${formatDate(s.startDate)} – ${formatDate(s.endDate)}`}
      status={s.status}
      history={{ entity: 'season', id }}
      actions={
        next && (
          <Button
            onClick={() =>
              update.mutate(
                { id, body: { status: next } as never },
                { onSuccess: (r) => toastSuccess(r.message) },
              )
            }
            loading={update.isPending}
            data-testid="season-move"
          >
            {t(next === 'open' ? 'seasonsMd.open' : 'seasonsMd.close')}
          </Button>
        )
      }
    >
      <SeasonCropsTable seasonId={id} />
    </DetailsLayout>
  );
}

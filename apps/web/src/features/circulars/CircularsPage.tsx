import { Anchor, Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { ResourceList } from '../../components/ResourceList.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useCan } from '../../lib/use-can.ts';
import { circulars } from './hooks.ts';

/** /circulars/list: the union's circulars with how many read them; an AMCOS user's own, read or not. */
export default function CircularsRoute() {
  return (
    <RequirePermission permission="circulars.circular.read">
      <CircularsPage />
    </RequirePermission>
  );
}

function CircularsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAmcos = Boolean(useSession().user?.amcosId);
  const canPublish = useCan('circulars.circular.publish') && !isAmcos;
  return (
    <>
      <PageHeader
        title={t('circulars.title')}
        description={t(isAmcos ? 'circulars.amcosDescription' : 'circulars.description')}
      />
      <ResourceList
        label={t('circulars.title')}
        resource={circulars}
        testId="circulars-table"
        emptyTitle={t('circulars.empty')}
        {...(canPublish
          ? { onCreate: () => navigate('/circulars/create'), createLabel: t('circulars.create') }
          : {})}
        columns={[
          {
            key: 'title',
            header: t('circulars.fields.title'),
            render: (c) => (
              <Anchor component={Link} to={`/circulars/${c.id}/details`}>
                {c.title}
              </Anchor>
            ),
          },
          {
            key: 'published',
            header: t('circulars.fields.publishedAt'),
            render: (c) => formatDateTime(c.publishedAt),
          },
          { key: 'by', header: t('circulars.fields.publishedBy'), render: (c) => c.publishedBy },
          ...(isAmcos
            ? [
                {
                  key: 'read',
                  header: t('circulars.fields.status'),
                  render: (c: { readAt: string | null }) =>
                    c.readAt ? (
                      <Badge color="green" variant="light">
                        {t('circulars.read')}
                      </Badge>
                    ) : (
                      <Badge color="orange" variant="light">
                        {t('circulars.unread')}
                      </Badge>
                    ),
                },
              ]
            : [
                {
                  key: 'amcos',
                  header: t('circulars.fields.recipients'),
                  align: 'right' as const,
                  render: (c: { recipientCount: number }) => c.recipientCount,
                },
                {
                  key: 'reads',
                  header: t('circulars.fields.reads'),
                  align: 'right' as const,
                  render: (c: { readCount: number; readerCount: number }) =>
                    t('circulars.readOf', { read: c.readCount, total: c.readerCount }),
                },
              ]),
        ]}
      />
    </>
  );
}

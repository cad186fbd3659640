import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { CircularReader } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../components/EmptyBlock.tsx';
import { type LineColumn, LinesTable } from '../../components/LinesTable.tsx';
import { MarkdownView } from '../../components/MarkdownEditor/index.ts';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { circulars, useCircularReaders, useConfirmRead } from './hooks.ts';

/** /circulars/:id/details: the circular; an AMCOS user confirms reading it, the union sees who has. */
export default function CircularDetailsRoute() {
  return (
    <RequirePermission permission="circulars.circular.read">
      <CircularDetailsPage />
    </RequirePermission>
  );
}

function CircularDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const isAmcos = Boolean(useSession().user?.amcosId);
  const circular = circulars.useOne(id);
  const confirm = useConfirmRead(id);
  const c = circular.data;
  if (!c) return <LoadingBlock />;
  return (
    <DetailsLayout
      title={c.title}
      description={t('circulars.publishedLine', { by: c.publishedBy, at: formatDateTime(c.publishedAt) })}
      breadcrumbs={[{ label: t('circulars.title'), to: '/circulars/list' }, { label: c.title }]}
      badge={
        isAmcos ? (
          <Badge color={c.readAt ? 'green' : 'orange'} variant="light" data-testid="circular-read-status">
            {c.readAt ? t('circulars.readOn', { at: formatDateTime(c.readAt) }) : t('circulars.unread')}
          </Badge>
        ) : undefined
      }
      history={isAmcos ? undefined : { entity: 'circular', id: c.id }}
      actions={
        isAmcos && !c.readAt ? (
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={confirm.isPending}
            data-testid="circular-confirm-read"
            onClick={() =>
              confirm.mutate(undefined, { onSuccess: () => toastSuccess(t('circulars.readConfirmed')) })
            }
          >
            {t('circulars.confirmRead')}
          </Button>
        ) : undefined
      }
    >
      <Paper withBorder p="md">
        <MarkdownView text={c.body} data-testid="circular-body" />
      </Paper>
      {!isAmcos && <Readers id={c.id} />}
    </DetailsLayout>
  );
}

/** Who received a circular: their society, their name, and when they read it (or that they have not). */
function readerColumns(t: TFunction): LineColumn<CircularReader>[] {
  return [
    { key: 'amcos', header: t('circulars.fields.amcos'), value: (r) => r.amcosName },
    { key: 'user', header: t('circulars.fields.user'), value: (r) => r.userName },
    {
      key: 'readAt',
      header: t('circulars.fields.readAt'),
      value: (r) => (r.readAt ? formatDateTime(r.readAt) : t('circulars.notRead')),
    },
  ];
}

function Readers({ id }: { id: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'all' | 'read' | 'unread'>('unread');
  const readers = useCircularReaders(id, status, true);
  return (
    <Paper withBorder p="md" mt="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t('circulars.readers')}
          </Title>
          <SegmentedControl
            aria-label={t('circulars.readersFilter')}
            value={status}
            onChange={(v) => setStatus(v as typeof status)}
            data={[
              { value: 'unread', label: t('circulars.notRead') },
              { value: 'read', label: t('circulars.read') },
              { value: 'all', label: t('circulars.everyone') },
            ]}
          />
        </Group>
        {readers.data && readers.data.amcosNotRead.length > 0 && (
          <Alert color="orange" data-testid="circular-amcos-not-read">
            {t('circulars.amcosNotRead', {
              names: readers.data.amcosNotRead.map((a) => a.amcosName).join(', '),
            })}
          </Alert>
        )}
        <LinesTable
          label={t('circulars.readers')}
          columns={readerColumns(t)}
          lines={readers.data?.data}
          lineKey={(r) => r.userId}
          empty={{ title: t('circulars.noReaders') }}
          testId="circular-readers"
        />
      </Stack>
    </Paper>
  );
}

import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../components/EmptyBlock.tsx';
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
        {readers.data && readers.data.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('circulars.noReaders')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table data-testid="circular-readers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('circulars.fields.amcos')}</Table.Th>
                  <Table.Th>{t('circulars.fields.user')}</Table.Th>
                  <Table.Th>{t('circulars.fields.readAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(readers.data?.data ?? []).map((r) => (
                  <Table.Tr key={r.userId}>
                    <Table.Td>{r.amcosName}</Table.Td>
                    <Table.Td>{r.userName}</Table.Td>
                    <Table.Td>{r.readAt ? formatDateTime(r.readAt) : t('circulars.notRead')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

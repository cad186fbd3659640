import { Anchor, Select, TextInput } from '@mantine/core';
import { createSeasonBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormModal } from '../../components/FormModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { ResourceList } from '../../components/ResourceList.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useForm } from '../../lib/form.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { seasons } from './hooks.ts';

export default function SeasonsRoute() {
  return (
    <RequirePermission permission="settings.collection.read" unionOnly>
      <SeasonsPage />
    </RequirePermission>
  );
}

function SeasonsPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t('seasonsMd.title')}
        description={t('seasonsMd.description')}
        breadcrumbs={[{ label: t('menu.settings') }, { label: t('seasonsMd.title') }]}
      />
      <ResourceList
        label={t('seasonsMd.title')}
        resource={seasons}
        testId="seasons-table"
        emptyTitle={t('seasonsMd.empty')}
        filterNames={['status']}
        filters={(list) => (
          <Select
            aria-label={t('fields.status')}
            placeholder={t('fields.status')}
            clearable
            w={140}
            data={['planned', 'open', 'closed'].map((s) => ({
              value: s,
              label: t(`status.${s}` as 'status.open'),
            }))}
            value={list.filters.status ?? null}
            onChange={(v) => list.setFilter('status', v)}
          />
        )}
        onCreate={() => setCreating(true)}
        createLabel={t('seasonsMd.create')}
        columns={[
          {
            key: 'name',
            header: t('fields.season'),
            sortField: 'name',
            render: (s) => (
              <Anchor component={Link} to={`/collections/season-and-crops/${s.id}/details`}>
                {s.name}
              </Anchor>
            ),
          },
          { key: 'start', header: t('seasonsMd.start'), sortField: 'start_date', render: (s) => s.startDate },
          { key: 'end', header: t('seasonsMd.end'), render: (s) => s.endDate },
          { key: 'crops', header: t('seasonsMd.crops'), align: 'right', render: (s) => s.cropCount },
          { key: 'status', header: t('fields.status'), render: (s) => <StatusBadge status={s.status} /> },
        ]}
      />
      {creating && <SeasonForm onClose={() => setCreating(false)} />}
    </>
  );
}

function SeasonForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = seasons.useCreate();
  const form = useForm({ name: '', startDate: '', endDate: '' });
  const submit = form.onSubmit(() => {
    const body = form.validate(createSeasonBody);
    if (body)
      create.mutate(body as never, {
        onSuccess: (r) => {
          toastSuccess(r.message);
          onClose();
        },
        onError: form.showApiError,
      });
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('seasonsMd.create')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      testId="season-form"
    >
      <TextInput
        data-autofocus
        label={t('fields.season')}
        placeholder="2026/2027"
        required
        {...form.text('name')}
      />
      <TextInput label={t('seasonsMd.start')} placeholder="2026-10-01" required {...form.text('startDate')} />
      <TextInput label={t('seasonsMd.end')} placeholder="2027-09-30" required {...form.text('endDate')} />
    </FormModal>
  );
}

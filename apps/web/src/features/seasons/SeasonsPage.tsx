import { Anchor, TextInput } from '@mantine/core';
import { createSeasonBody, type Season } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../components/DateField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { type RecordFormProps, ResourceListPage } from '../../components/ResourceListPage.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { StatusFilter } from '../../components/StatusFilter.tsx';
import { useForm } from '../../lib/form.ts';
import { formatDate } from '../../lib/format.ts';
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
  return (
    <ResourceListPage
      header={{
        title: t('seasonsMd.title'),
        description: t('seasonsMd.description'),
        breadcrumbs: [{ label: t('menu.settings') }, { label: t('seasonsMd.title') }],
      }}
      label={t('seasonsMd.title')}
      resource={seasons}
      testId="seasons-table"
      emptyTitle={t('seasonsMd.empty')}
      filterNames={['status']}
      filters={(list) => <StatusFilter list={list} statuses={['planned', 'open', 'closed']} width={140} />}
      form={SeasonForm}
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
        {
          key: 'start',
          header: t('seasonsMd.start'),
          sortField: 'start_date',
          render: (s) => formatDate(s.startDate),
        },
        { key: 'end', header: t('seasonsMd.end'), render: (s) => formatDate(s.endDate) },
        { key: 'crops', header: t('seasonsMd.crops'), align: 'right', render: (s) => s.cropCount },
        { key: 'status', header: t('fields.status'), render: (s) => <StatusBadge status={s.status} /> },
      ]}
    />
  );
}

function SeasonForm({ onClose }: RecordFormProps<Season>) {
  const { t } = useTranslation();
  const form = useForm({ name: '', startDate: '', endDate: '' });
  const save = seasons.useSave({ onSaved: onClose, onError: form.showApiError });
  const submit = form.onSubmit(() => {
    const body = form.validate(createSeasonBody);
    if (body) save.create(body);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('seasonsMd.create')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="season-form"
    >
      <TextInput
        data-autofocus
        label={t('fields.season')}
        placeholder="2026/2027"
        required
        {...form.text('name')}
      />
      <DateField label={t('seasonsMd.start')} required {...form.text('startDate')} />
      <DateField
        label={t('seasonsMd.end')}
        required
        min={form.values.startDate || undefined}
        {...form.text('endDate')}
      />
    </FormModal>
  );
}

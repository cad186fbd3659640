import { Checkbox, MultiSelect, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type PublishCircularBody, publishCircularBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../components/ConfirmAction.ts';
import { FormLayout } from '../../components/FormLayout.tsx';
import { clearAutosave, MarkdownEditor } from '../../components/MarkdownEditor/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { useForm } from '../../lib/form.ts';
import { useAmcosOptions } from '../amcos/hooks.ts';
import { circulars, NEW_CIRCULAR_DRAFT } from './hooks.ts';

/** /circulars/create: write a circular in the markdown editor and publish it to all or chosen AMCOS. */
export default function CircularCreateRoute() {
  return (
    <RequirePermission permission="circulars.circular.publish" unionOnly>
      <CircularCreatePage />
    </RequirePermission>
  );
}

function CircularCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const amcos = useAmcosOptions();
  const form = useForm({
    title: '',
    body: '',
    audience: 'all' as PublishCircularBody['audience'],
    amcosIds: [] as string[],
    smsNotice: false,
  });
  const save = circulars.useSave({
    onSaved: (saved) => {
      clearAutosave(NEW_CIRCULAR_DRAFT);
      navigate(`/circulars/${saved.id}/details`);
    },
    onError: form.showApiError,
  });
  const submit = form.onSubmit(() => {
    const body = form.validate(publishCircularBody);
    if (!body) return;
    confirmAction({
      title: t('circulars.publishTitle'),
      message:
        body.audience === 'all'
          ? t('circulars.publishMessageAll', { title: body.title })
          : t('circulars.publishMessage', { title: body.title, count: body.amcosIds.length }),
      confirmLabel: t('circulars.publish'),
      danger: false,
      onConfirm: () => save.create(body),
    });
  });
  return (
    <>
      <PageHeader title={t('circulars.create')} description={t('circulars.createDescription')} />
      <Paper withBorder p="md">
        <FormLayout
          onSubmit={submit}
          error={form.formError}
          submitLabel={t('circulars.publish')}
          submitting={save.isPending}
          onCancel={() => navigate('/circulars/list')}
          testId="circular-form"
        >
          <TextInput label={t('circulars.fields.title')} required maxLength={150} {...form.text('title')} />
          <MarkdownEditor
            autosaveId={NEW_CIRCULAR_DRAFT}
            initialValue=""
            onChange={(value) => form.setValue('body', value)}
            label={t('circulars.fields.body')}
            description={t('circulars.bodyHint')}
            error={form.errors.body}
            required
            uploadImages
          />
          <Stack gap={4} align="flex-start">
            <Text size="sm" fw={500} id="circular-audience">
              {t('circulars.fields.audience')}
            </Text>
            <SegmentedControl
              aria-labelledby="circular-audience"
              data={[
                { value: 'all', label: t('circulars.allAmcos') },
                { value: 'chosen', label: t('circulars.chosenAmcos') },
              ]}
              value={form.values.audience}
              onChange={(v) => form.setValue('audience', v as PublishCircularBody['audience'])}
            />
          </Stack>
          {form.values.audience === 'chosen' && (
            <MultiSelect
              label={t('circulars.fields.amcos')}
              searchable
              data={(amcos.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              {...form.control('amcosIds')}
            />
          )}
          <Checkbox
            label={t('circulars.smsNotice')}
            checked={form.values.smsNotice}
            onChange={(e) => form.setValue('smsNotice', e.currentTarget.checked)}
          />
        </FormLayout>
      </Paper>
    </>
  );
}

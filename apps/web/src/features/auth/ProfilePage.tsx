import { Badge, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { updateProfileBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormLayout } from '../../components/FormLayout.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useForm } from '../../lib/form.ts';
import { formatDate } from '../../lib/format.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { roleLabel } from '../../lib/roles.ts';
import { fullName, useSession } from '../../lib/session.ts';
import { useUpdateProfile } from './hooks.ts';

export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const update = useUpdateProfile();
  const form = useForm({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    mobile: user?.mobile ?? '',
    dateFormat: user?.dateFormat ?? 'mdy',
  });

  const submit = form.onSubmit(() => {
    const body = form.validate(updateProfileBody);
    if (!body) return;
    update.mutate(body, {
      onSuccess: () => toastSuccess(t('profile.saved')),
      onError: form.showApiError,
    });
  });

  if (!user) return null;
  const facts: [string, string][] = [
    [t('users.fields.email'), user.email],
    [t('users.fields.mobile'), user.mobile],
    [t('users.fields.gender'), t(`users.gender.${user.gender}`)],
    [t('users.fields.scope'), user.amcosName ?? t('app.union')],
    [t('users.fields.createdAt'), formatDate(user.createdAt)],
  ];

  return (
    <>
      <PageHeader
        title={t('profile.title')}
        actions={
          <Button component={Link} to="/change-password" variant="default">
            {t('auth.change.title')}
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="lg">
          <Group gap="md" mb="md">
            <UserAvatar user={user} size={72} radius="xl" />
            <div>
              <Title order={2} size="h4">
                {fullName(user)}
              </Title>
              <Group gap={4} mt={4}>
                {user.roles.map((role) => (
                  <Badge key={role.id} variant="light">
                    {roleLabel(t, role.name)}
                  </Badge>
                ))}
              </Group>
            </div>
          </Group>
          <Stack gap="xs">
            {facts.map(([label, value]) => (
              <Group key={label} justify="space-between" gap="xs">
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
                <Text size="sm">{value}</Text>
              </Group>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="md">
            {t('profile.edit')}
          </Title>
          <FormLayout
            onSubmit={submit}
            error={form.formError}
            submitLabel={t('common.save')}
            submitting={update.isPending}
            testId="profile-form"
          >
            <TextInput label={t('users.fields.firstName')} withAsterisk {...form.text('firstName')} />
            <TextInput label={t('users.fields.lastName')} withAsterisk {...form.text('lastName')} />
            <TextInput label={t('users.fields.mobile')} type="tel" withAsterisk {...form.text('mobile')} />
            <Radio.Group
              label={t('profile.dateFormat')}
              description={t('profile.dateFormatHint')}
              value={form.values.dateFormat}
              onChange={(v) => form.setValue('dateFormat', v === 'dmy' ? 'dmy' : 'mdy')}
              data-testid="profile-date-format"
            >
              <Stack gap="xs" mt="xs">
                <Radio value="mdy" label={t('profile.dateFormats.mdy')} />
                <Radio value="dmy" label={t('profile.dateFormats.dmy')} />
              </Stack>
            </Radio.Group>
          </FormLayout>
        </Paper>
      </SimpleGrid>
    </>
  );
}

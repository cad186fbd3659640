import { Anchor, Stack, Text } from '@mantine/core';
import { unlockBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FormLayout } from '../../components/FormLayout.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { signOut } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import { fullName, unlockSession, useSession } from '../../lib/session.ts';
import { useAutofocus } from '../../lib/use-autofocus.ts';
import { AuthCard } from './AuthCard.tsx';
import { useUnlock } from './hooks.ts';

/** Hides the app until the signed-in user types their password again. */
export default function LockScreenPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const form = useForm({ password: '' });
  const unlock = useUnlock();
  const passwordRef = useAutofocus<HTMLInputElement>();

  const submit = form.onSubmit(() => {
    const body = form.validate(unlockBody);
    if (!body) return;
    unlock.mutate(body, {
      // The guard then returns the visitor to the page they locked.
      onSuccess: unlockSession,
      onError: form.showApiError,
    });
  });

  if (!user) return null;
  return (
    <AuthCard
      title={t('auth.lock.title')}
      description={t('auth.lock.description')}
      footer={
        <Anchor component="button" type="button" size="sm" onClick={() => void signOut()}>
          {t('auth.lock.signOut')}
        </Anchor>
      }
    >
      <Stack align="center" gap={4}>
        <UserAvatar user={user} size={64} radius="xl" />
        <Text fw={500}>{fullName(user)}</Text>
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
      </Stack>
      <FormLayout
        onSubmit={submit}
        error={form.formError}
        submitLabel={t('auth.lock.submit')}
        submitting={unlock.isPending}
        testId="unlock-form"
      >
        <PasswordField
          ref={passwordRef}
          label={t('auth.fields.password')}
          autoComplete="current-password"
          {...form.text('password')}
        />
      </FormLayout>
    </AuthCard>
  );
}

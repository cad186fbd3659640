import { Alert, Paper } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { changePasswordBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormLayout } from '../../components/FormLayout.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useForm } from '../../lib/form.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useAutofocus } from '../../lib/use-autofocus.ts';
import { useChangePassword } from './hooks.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const form = useForm({ current_password: '', password: '', password_confirmation: '' });
  const change = useChangePassword();
  const firstRef = useAutofocus<HTMLInputElement>();

  const submit = form.onSubmit(() => {
    const body = form.validate(changePasswordBody);
    if (!body) return;
    change.mutate(body, {
      onSuccess: () => {
        toastSuccess(t('auth.change.success'));
        navigate('/home');
      },
      onError: form.showApiError,
    });
  });

  return (
    <>
      <PageHeader title={t('auth.change.title')} description={t('auth.change.description')} />
      <Paper withBorder radius="md" p="lg" maw={520}>
        {user?.isInitialPassword && (
          <Alert
            icon={<IconInfoCircle size={18} aria-hidden />}
            mb="md"
            data-testid="initial-password-notice"
          >
            {t('auth.change.initialNotice')}
          </Alert>
        )}
        <FormLayout
          onSubmit={submit}
          error={form.formError}
          submitLabel={t('auth.change.submit')}
          submitting={change.isPending}
          testId="change-password-form"
        >
          <PasswordField
            ref={firstRef}
            label={t('auth.fields.currentPassword')}
            autoComplete="current-password"
            {...form.text('current_password')}
          />
          <NewPasswordFields
            password={form.text('password')}
            confirmation={form.text('password_confirmation')}
            description={t('auth.fields.passwordRule')}
          />
        </FormLayout>
      </Paper>
    </>
  );
}

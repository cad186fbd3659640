import { Button, TextInput } from '@mantine/core';
import { resetPasswordBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CodeInput } from '../../components/CodeInput.tsx';
import { FormLayout } from '../../components/FormLayout.tsx';
import { useForm } from '../../lib/form.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { readItem, SESSION_KEYS, writeItem } from '../../lib/storage.ts';
import { AuthCard, BackToLoginLink } from './AuthCard.tsx';
import { logDevelopmentCode } from './auth-helpers.ts';
import { useResendResetCode, useResetPassword } from './hooks.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

export default function RecoverPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const savedEmail = readItem(SESSION_KEYS.userEmail) ?? '';
  const form = useForm({ email: savedEmail, code: '', password: '', password_confirmation: '' });
  const reset = useResetPassword();
  const resend = useResendResetCode();

  const submit = form.onSubmit(() => {
    const body = form.validate(resetPasswordBody);
    if (!body) return;
    reset.mutate(body, {
      onSuccess: () => {
        toastSuccess(t('auth.reset.success'));
        writeItem(SESSION_KEYS.userEmail, null);
        navigate('/login');
      },
      onError: form.showApiError,
    });
  });

  const resendCode = () =>
    resend.mutate(
      { email: form.values.email },
      {
        onSuccess: (reply) => {
          toastSuccess(t('auth.reset.codeSent'));
          logDevelopmentCode('reset code', reply.code);
        },
        onError: form.showApiError,
      },
    );

  return (
    <AuthCard
      title={t('auth.reset.title')}
      description={t('auth.reset.description')}
      footer={<BackToLoginLink />}
    >
      <FormLayout
        onSubmit={submit}
        error={form.formError}
        submitLabel={t('auth.reset.submit')}
        submitting={reset.isPending}
        testId="recover-password-form"
        secondary={
          <Button variant="subtle" size="compact-sm" onClick={resendCode} loading={resend.isPending}>
            {t('auth.reset.resend')}
          </Button>
        }
      >
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          {...form.text('email')}
        />
        <CodeInput
          label={t('auth.fields.resetCode')}
          value={form.values.code}
          onChange={(value) => form.setValue('code', value)}
          error={form.errors.code}
          focusOnMount={savedEmail !== ''}
          testId="reset-code-input"
        />
        <NewPasswordFields
          password={form.text('password')}
          confirmation={form.text('password_confirmation')}
        />
      </FormLayout>
    </AuthCard>
  );
}

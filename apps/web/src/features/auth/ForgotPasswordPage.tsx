import { TextInput } from '@mantine/core';
import { forgotPasswordBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormLayout } from '../../components/FormLayout.tsx';
import { useForm } from '../../lib/form.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { SESSION_KEYS, writeItem } from '../../lib/storage.ts';
import { useAutofocus } from '../../lib/use-autofocus.ts';
import { AuthCard, BackToLoginLink } from './AuthCard.tsx';
import { logDevelopmentCode } from './auth-helpers.ts';
import { useForgotPassword } from './hooks.ts';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({ email: '' });
  const forgot = useForgotPassword();
  const emailRef = useAutofocus<HTMLInputElement>();

  const submit = form.onSubmit(() => {
    const body = form.validate(forgotPasswordBody);
    if (!body) return;
    forgot.mutate(body, {
      onSuccess: (reply) => {
        toastSuccess(t('auth.reset.codeSent'));
        logDevelopmentCode('reset code', reply.code);
        writeItem(SESSION_KEYS.userEmail, body.email);
        navigate('/recover-password');
      },
      onError: form.showApiError,
    });
  });

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      description={t('auth.forgot.description')}
      footer={<BackToLoginLink />}
    >
      <FormLayout
        onSubmit={submit}
        error={form.formError}
        submitLabel={t('auth.forgot.submit')}
        submitting={forgot.isPending}
        testId="forgot-password-form"
      >
        <TextInput
          ref={emailRef}
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          {...form.text('email')}
        />
      </FormLayout>
    </AuthCard>
  );
}

import { Anchor, TextInput } from '@mantine/core';
import { loginBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormLayout } from '../../components/FormLayout.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useForm } from '../../lib/form.ts';
import { startOtpStage } from '../../lib/session.ts';
import { useAutofocus } from '../../lib/use-autofocus.ts';
import { AuthCard } from './AuthCard.tsx';
import { logDevelopmentCode } from './auth-helpers.ts';
import { useLogin } from './hooks.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({ email: '', password: '' });
  const login = useLogin();
  const emailRef = useAutofocus<HTMLInputElement>();

  const submit = form.onSubmit(() => {
    const body = form.validate(loginBody);
    if (!body) return;
    login.mutate(body, {
      onSuccess: (reply) => {
        startOtpStage(body.email, reply.access_token, reply.user.mobile);
        logDevelopmentCode('OTP', reply.otp);
        navigate('/verify-otp');
      },
      onError: form.showApiError,
    });
  });

  return (
    <AuthCard title={t('auth.login.title')} description={t('auth.login.description')}>
      <FormLayout
        onSubmit={submit}
        error={form.formError}
        submitLabel={t('auth.login.submit')}
        submitting={login.isPending}
        testId="login-form"
        secondary={
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('auth.login.forgot')}
          </Anchor>
        }
      >
        <TextInput
          ref={emailRef}
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          data-testid="login-email"
          {...form.text('email')}
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          data-testid="login-password"
          {...form.text('password')}
        />
      </FormLayout>
    </AuthCard>
  );
}

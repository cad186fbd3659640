import { Anchor, Button } from '@mantine/core';
import { verifyOtpBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CodeInput } from '../../components/CodeInput.tsx';
import { FormLayout } from '../../components/FormLayout.tsx';
import { useForm } from '../../lib/form.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { abandonOtpStage, completeSignIn, getAccessToken } from '../../lib/session.ts';
import { readItem, SESSION_KEYS } from '../../lib/storage.ts';
import { AuthCard } from './AuthCard.tsx';
import { logDevelopmentCode, maskedMobileOf } from './auth-helpers.ts';
import { useResendOtp, useVerifyOtp } from './hooks.ts';

export default function VerifyOtpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({ otp: '' });
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const mobile = readItem(SESSION_KEYS.userMobile) ?? '';
  const maskedMobile = maskedMobileOf(mobile);

  const submit = form.onSubmit(() => {
    const body = form.validate(verifyOtpBody, { otp: form.values.otp, accessToken: getAccessToken() ?? '' });
    if (!body) return;
    verify.mutate(body, {
      // The guard moves a signed-in visitor off this screen, to the landing path given here.
      onSuccess: (reply) =>
        completeSignIn(
          reply.access_token,
          reply.refresh_token,
          reply.user,
          reply.user.isInitialPassword ? '/change-password' : '/home',
        ),
      onError: form.showApiError,
    });
  });

  const resendCode = () => {
    const email = readItem(SESSION_KEYS.userEmail) ?? '';
    resend.mutate(
      { email, accessToken: getAccessToken() ?? '' },
      {
        onSuccess: (reply) => {
          toastSuccess(t('auth.otp.resent'));
          logDevelopmentCode('OTP', reply.otp);
        },
      },
    );
  };

  const switchAccount = () => {
    abandonOtpStage();
    navigate('/login');
  };

  return (
    <AuthCard
      title={t('auth.otp.title')}
      description={
        maskedMobile ? t('auth.otp.description', { mobile: maskedMobile }) : t('auth.otp.descriptionNoMobile')
      }
      footer={
        <Anchor component="button" type="button" size="sm" onClick={switchAccount}>
          {t('auth.otp.anotherAccount')}
        </Anchor>
      }
    >
      <FormLayout
        onSubmit={submit}
        error={form.formError}
        submitLabel={t('auth.otp.submit')}
        submitting={verify.isPending}
        testId="otp-form"
        secondary={
          <Button variant="subtle" size="compact-sm" onClick={resendCode} loading={resend.isPending}>
            {t('auth.otp.resend')}
          </Button>
        }
      >
        <CodeInput
          label={t('auth.fields.otp')}
          value={form.values.otp}
          onChange={(value) => form.setValue('otp', value)}
          error={form.errors.otp}
          focusOnMount
          testId="otp-input"
        />
      </FormLayout>
    </AuthCard>
  );
}

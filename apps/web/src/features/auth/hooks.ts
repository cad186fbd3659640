import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  changePasswordBody,
  forgotPasswordBody,
  forgotPasswordReply,
  loginBody,
  loginReply,
  messageReply,
  resendOtpReply,
  resetPasswordBody,
  SessionUser,
  updateProfileBody,
  verifyOtpReply,
} from '@ushirika/contracts';
import { useEffect } from 'react';
import { api } from '../../lib/api.ts';
import type { Infer } from '../../lib/contract-types.ts';
import { getSession, saveUser, useSession } from '../../lib/session.ts';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

type MessageReply = Infer<typeof messageReply>;

export function useLogin() {
  return useMutation({
    mutationFn: (body: Infer<typeof loginBody>) => api.post<Infer<typeof loginReply>>('auth/login', body),
  });
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: (body: { otp: string; accessToken: string }) =>
      api.post<Infer<typeof verifyOtpReply>>('auth/verify-otp', body),
  });
}

export function useResendOtp() {
  return useMutation({
    mutationFn: (body: { email: string; accessToken: string }) =>
      api.post<Infer<typeof resendOtpReply>>('auth/resend-otp', body),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: Infer<typeof forgotPasswordBody>) =>
      api.post<Infer<typeof forgotPasswordReply>>('auth/forgot-password', body),
  });
}

export function useResendResetCode() {
  return useMutation({
    mutationFn: (body: Infer<typeof forgotPasswordBody>) =>
      api.post<Infer<typeof forgotPasswordReply>>('auth/resend-code', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: Infer<typeof resetPasswordBody>) =>
      api.post<MessageReply>('auth/reset-password', body),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: Infer<typeof changePasswordBody>) =>
      api.post<MessageReply>('auth/change-password', body),
    onSuccess: () => {
      const { user } = getSession();
      if (user) saveUser({ ...user, isInitialPassword: false });
    },
  });
}

export function useUnlock() {
  return useMutation({
    mutationFn: (body: { password: string }) => api.post<MessageReply>('auth/unlock', body),
  });
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: Infer<typeof updateProfileBody>) =>
      api.patch<{ message: string; data: SessionUser }>('auth/profile', body),
    onSuccess: (reply) => saveUser(reply.data),
  });
}

/** Re-reads the signed-in user once per app start, so roles and names stay current. */
export function useRefreshSessionUser(): void {
  const { stage } = useSession();
  const query = useQuery({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => api.get<{ data: SessionUser }>('auth/me', undefined, signal),
    enabled: stage === 'signed-in',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const fresh = query.data?.data;
  useEffect(() => {
    const { user } = getSession();
    if (fresh && JSON.stringify(fresh) !== JSON.stringify(user)) saveUser(fresh);
  }, [fresh]);
}

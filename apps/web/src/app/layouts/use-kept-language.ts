import type { SessionUser } from '@ushirika/contracts';
import { useUpdateProfile } from '../../features/auth/hooks.ts';
import type { Locale } from '../../lib/i18n.ts';

/** The language chosen in a header, kept on the user's record: their SMS are written in it (#35). */
export function useKeptLanguage(user: SessionUser): (language: Locale) => void {
  const updateProfile = useUpdateProfile();
  return (language) => {
    if (!user.isInitialPassword && user.language !== language) updateProfile.mutate({ language });
  };
}

import type { WebRoute } from '@ushirika/contracts';
import type { SessionSnapshot } from '../lib/session.ts';

/**
 * SPEC section 2, navigation guard, as a pure decision: where to send the visitor instead, or
 * null to let them in. Error screens stay reachable in every stage so a failing call can show one.
 */
export function guardRedirect(route: WebRoute | undefined, session: SessionSnapshot): string | null {
  if (!route) return null;
  const isErrorScreen = route.module === 'errors';

  if (session.stage === 'pending-otp') {
    return route.name === 'verify_otp' || isErrorScreen ? null : '/verify-otp';
  }
  if (route.access === 'signed-in') {
    if (session.stage === 'signed-out') return '/login';
    if (session.lockedPath !== null && route.name !== 'lock_screen') return '/lock-screen';
    if (session.lockedPath === null && route.name === 'lock_screen') return session.landing ?? '/';
    // The server answers nothing else until the first password is replaced (#15).
    if (session.lockedPath === null && session.user?.isInitialPassword && route.name !== 'change_password') {
      return '/change-password';
    }
  }
  if (route.access === 'signed-out' && session.stage === 'signed-in') return session.landing ?? '/';
  return null;
}

import { hasPermission, useSession } from './session.ts';

/**
 * Whether the signed-in user may do something: holds the permission and, for `audience: 'union'`,
 * is union staff (the API refuses AMCOS users on union business whatever their roles).
 */
export function useCan(permission: string, audience: 'any' | 'union' = 'any'): boolean {
  const { user } = useSession();
  return hasPermission(user, permission) && (audience === 'any' || !user?.amcosId);
}

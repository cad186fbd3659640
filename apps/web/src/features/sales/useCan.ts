import { hasPermission, useSession } from '../../lib/session.ts';

/** Union staff holding the permission (sales are union business). */
export function useCan(permission: string): boolean {
  const { user } = useSession();
  return hasPermission(user, permission) && !user?.amcosId;
}

import { useQuery } from '@tanstack/react-query';
import type { DashboardReply } from '@ushirika/contracts';
import { api } from '../../lib/api.ts';

/** The season at a glance (`/api/dashboard/season`); no season id means the open season. */
export function useSeasonDashboard(seasonId: string | null, enabled = true) {
  const query = seasonId ? { season_id: seasonId } : {};
  return useQuery({
    queryKey: ['dashboard', 'season', query],
    queryFn: ({ signal }) => api.get<DashboardReply>('dashboard/season', query, signal),
    enabled,
  });
}

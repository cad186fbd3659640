import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateFarmerBody,
  FarmBody,
  Farmer,
  FarmerDetail,
  FarmerImportPreview,
  FarmerImportResult,
  FarmerOption,
  UpdateFarmerBody,
} from '@ushirika/contracts';
import { api, type Query } from '../../lib/api.ts';
import { auditKeys } from '../../lib/audit.ts';
import { resource } from '../../lib/resource.ts';
import { getAccessToken } from '../../lib/session.ts';

export const farmers = resource<Farmer & Partial<FarmerDetail>, CreateFarmerBody, UpdateFarmerBody>(
  'collections/farmers',
  {
    key: 'farmers',
    audit: 'farmer',
    exportName: 'farmers',
  },
);

export type FarmPoint = {
  farmId: string;
  farmerId: string;
  farmerNo: string;
  farmerName: string;
  farmName: string;
  lat: number;
  lng: number;
};

export function useFarmer(id: string | undefined) {
  return useQuery({
    queryKey: farmers.keys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<{ data: FarmerDetail }>(`collections/farmers/${id}`, undefined, signal),
    select: (reply) => reply.data,
    enabled: Boolean(id),
  });
}

/** Who the farmer picker searches among: one society, active farmers only. */
export type FarmerScope = { amcosId?: string | null | undefined; status?: 'active' | undefined };

/**
 * The farmer picker's matches for what was typed (#27): `collections/farmers/search`, which answers
 * no match with an empty list (never a 404). The previous matches stay shown while the next load.
 */
export function useFarmerSearch(term: string, scope: FarmerScope = {}) {
  const q = term.trim();
  return useQuery({
    queryKey: [...farmers.keys.all, 'search', q, scope.amcosId ?? null, scope.status ?? null],
    queryFn: ({ signal }) =>
      api.get<{ data: FarmerOption[] }>(
        'collections/farmers/search',
        { q, amcos_id: scope.amcosId ?? undefined, status: scope.status, limit: 8 },
        signal,
      ),
    select: (reply) => reply.data,
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useFarmPoints(query: Query, enabled = true) {
  return useQuery({
    queryKey: [...farmers.keys.all, 'points', query],
    queryFn: ({ signal }) => api.get<{ data: FarmPoint[] }>('collections/farmers/farm-points', query, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

export function useAddFarm(farmerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FarmBody) =>
      api.post<{ message: string; data: FarmerDetail }>(`collections/farmers/${farmerId}/farms`, body, {
        silent: true,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: farmers.keys.all });
      void client.invalidateQueries({ queryKey: auditKeys.history('farmer', farmerId) });
    },
  });
}

/** Uploads a sheet with upload progress (0-100), for the preview or the import itself. */
export function uploadSheet<T>(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/${path}`);
    const token = getAccessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) =>
      event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () =>
      resolve({ status: request.status, body: JSON.parse(request.responseText || '{}') as T });
    request.onerror = () => reject(new Error('network'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

export type ImportPreview = FarmerImportPreview;
export type ImportResult = FarmerImportResult;

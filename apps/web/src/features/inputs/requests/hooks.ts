import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkApproveBody,
  CreateInputRequestBody,
  InputRequest,
  InputRequestDetail,
  InputRequestImportResult,
  InputRequestSuggestion,
} from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { auditKeys } from '../../../lib/audit.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { resource } from '../../../lib/resource.ts';

export const requests = resource<InputRequest & Partial<InputRequestDetail>, CreateInputRequestBody>(
  'collections/farmer-requests',
  { key: 'farmer-requests', audit: 'input_request', exportName: 'farmer-requests' },
);

/** Everything a request decision changes: the lists, the record, its history, the report. */
function useRefresh() {
  const client = useQueryClient();
  return (id?: string) => {
    void client.invalidateQueries({ queryKey: requests.keys.all });
    void client.invalidateQueries({ queryKey: ['distributions-report'] });
    if (id) void client.invalidateQueries({ queryKey: auditKeys.history('input_request', id) });
  };
}

export function useSuggestion(farmerId: string | null, seasonCropId: string | null) {
  return useQuery({
    queryKey: ['farmer-requests', 'suggestion', farmerId, seasonCropId],
    queryFn: ({ signal }) =>
      api.get<{ data: InputRequestSuggestion }>(
        `${requests.path}/suggestion`,
        { farmer_id: farmerId, season_crop_id: seasonCropId },
        signal,
      ),
    select: (reply) => reply.data,
    enabled: Boolean(farmerId && seasonCropId),
  });
}

export function useDecision(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (action: { approve: true } | { reason: string }) =>
      'approve' in action
        ? api.patch<{ message: string; data: InputRequestDetail }>(`${requests.path}/${id}/approve`)
        : api.patch<{ message: string; data: InputRequestDetail }>(`${requests.path}/${id}/reject`, {
            reason: action.reason,
          }),
    // The caller toasts (the reject modal does it itself).
    onSuccess: () => refresh(id),
  });
}

export function useBulkApprove() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BulkApproveBody) =>
      api.patch<{ message: string; approved: number; skippedOwn: number }>(
        `${requests.path}/bulk-approve`,
        body,
      ),
    onSuccess: (reply) => {
      refresh();
      toastSuccess(reply.message);
    },
  });
}

export function useImportRequests() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ file, seasonCropId }: { file: File; seasonCropId: string }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<InputRequestImportResult>(
        `${requests.path}/import?season_crop_id=${seasonCropId}`,
        form,
        {
          silent: true,
        },
      );
    },
    onSuccess: () => refresh(),
  });
}

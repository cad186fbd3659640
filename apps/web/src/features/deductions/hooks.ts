import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Beneficiary,
  CreateDeductionRuleBody,
  createBeneficiaryBody,
  DeductionPreview,
  DeductionRule,
  updateBeneficiaryBody,
} from '@ushirika/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { resource } from '../../lib/resource.ts';

export const beneficiaries = resource<
  Beneficiary,
  z.infer<typeof createBeneficiaryBody>,
  z.infer<typeof updateBeneficiaryBody>
>('settings/collection/beneficiaries', {
  key: 'beneficiaries',
  audit: 'beneficiary',
  exportName: 'beneficiaries',
});

export const ruleKeys = { list: (seasonCropId: string) => ['deduction-rules', seasonCropId] as const };

export function useDeductionRules(seasonCropId: string | null) {
  return useQuery({
    queryKey: ruleKeys.list(seasonCropId ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ data: DeductionRule[] }>(
        `settings/collection/season-crops/${seasonCropId}/deduction-rules`,
        undefined,
        signal,
      ),
    select: (reply) => reply.data,
    enabled: Boolean(seasonCropId),
  });
}

export function useCreateRule(seasonCropId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeductionRuleBody) =>
      api.post<{ message: string; data: DeductionRule }>(
        `settings/collection/season-crops/${seasonCropId}/deduction-rules`,
        body,
        { silent: true },
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: ruleKeys.list(seasonCropId) }),
  });
}

export function useDeleteRule(seasonCropId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`settings/collection/deduction-rules/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ruleKeys.list(seasonCropId) }),
  });
}

export function usePreview(seasonCropId: string) {
  return useMutation({
    mutationFn: (body: { kg: string; pricePerKg: string; bags: number }) =>
      api.post<{ data: DeductionPreview }>(
        `settings/collection/season-crops/${seasonCropId}/deduction-preview`,
        body,
        { silent: true },
      ),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Bank,
  Council,
  CreateBankBody,
  CreateCouncilBody,
  CreateDistrictBody,
  CreateRegionBody,
  District,
  Region,
  UnionProfile,
  UpdateBankBody,
  UpdateUnionBody,
} from '@ushirika/contracts';
import { api, apiRequest } from '../../lib/api.ts';
import { auditKeys } from '../../lib/audit.ts';
import { resource } from '../../lib/resource.ts';

export const UNION_ENTITY_ID = '00000000-0000-7000-8000-000000000001';
export const banks = resource<Bank, CreateBankBody, UpdateBankBody>('cooperative/banks', {
  key: 'banks',
  audit: 'bank',
  exportName: 'banks',
});
export const regions = resource<Region, CreateRegionBody>('cooperative/regions', {
  key: 'regions',
  audit: 'region',
  exportName: 'regions',
});
export const districts = resource<District, CreateDistrictBody>('cooperative/districts', {
  key: 'districts',
  audit: 'district',
  exportName: 'districts',
});
export const councils = resource<Council, CreateCouncilBody>('cooperative/councils', {
  key: 'councils',
  audit: 'council',
  exportName: 'councils',
});

export const unionKeys = { profile: ['union', 'profile'] as const };

export function useUnionProfile() {
  return useQuery({
    queryKey: unionKeys.profile,
    queryFn: ({ signal }) => api.get<{ data: UnionProfile }>('cooperative/union', undefined, signal),
    select: (reply) => reply.data,
  });
}

function useInvalidateUnion() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: unionKeys.profile });
    void client.invalidateQueries({ queryKey: auditKeys.history('union', UNION_ENTITY_ID) });
  };
}

export function useUpdateUnion() {
  const invalidate = useInvalidateUnion();
  return useMutation({
    mutationFn: (body: UpdateUnionBody) =>
      apiRequest<{ message: string; data: UnionProfile }>('cooperative/union', {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

export function useUploadLogo() {
  const invalidate = useInvalidateUnion();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return api.post<{ message: string; data: UnionProfile }>('cooperative/union/logo', form);
    },
    onSuccess: invalidate,
  });
}

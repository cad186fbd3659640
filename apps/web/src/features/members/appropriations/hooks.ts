import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Appropriation,
  AppropriationFigures,
  AppropriationSettings,
  OwnAppropriationLine,
  ProposeAppropriationBody,
} from '@ushirika/contracts';
import { api, apiRequest } from '../../../lib/api.ts';
import { invalidateBooks } from '../../../lib/books.ts';
import { downloadFile } from '../../../lib/download.ts';
import { resource } from '../../../lib/resource.ts';
import { useYearsNewestFirst } from '../../financial-years/hooks.ts';

/** The appropriations of the surplus (#32): the list, one, proposing one (`useCreate`). */
export const appropriations = resource<Appropriation, ProposeAppropriationBody>('members/appropriations', {
  key: 'appropriations',
  audit: 'appropriation',
});

/** The figures a proposal would have, computed by the server from the books (nothing saved). */
export function usePreviewAppropriation() {
  return useMutation({
    mutationFn: (body: ProposeAppropriationBody) =>
      api.post<{ data: AppropriationFigures }>('members/appropriations/preview', body, { silent: true }),
  });
}

export function useAppropriationSettings() {
  return useQuery({
    queryKey: ['appropriations', 'settings'],
    queryFn: ({ signal }) =>
      api.get<{ data: AppropriationSettings }>('members/appropriations/settings', undefined, signal),
    select: (reply) => reply.data,
  });
}

export function useSaveAppropriationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { reservePercent: string }) =>
      apiRequest<{ message: string; data: AppropriationSettings }>('members/appropriations/settings', {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['appropriations'] });
      invalidateBooks(client);
    },
  });
}

/** An AMCOS user's own society's lines of the approved appropriations (read-only). */
export function useOwnAppropriationLines(enabled: boolean) {
  return useQuery({
    queryKey: ['appropriations', 'mine'],
    queryFn: ({ signal }) =>
      api.get<{ data: OwnAppropriationLine[] }>('members/appropriations/mine', undefined, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

/** The closed financial years, newest first: only their surplus is final. */
export function useClosedYears() {
  return useYearsNewestFirst((years) => years.filter((y) => y.status === 'closed'));
}

/** A closed year's AGM pack: one PDF in the reader's language. */
export const downloadAgmPack = (financialYearId: string) =>
  downloadFile('members/agm-pack', { financial_year_id: financialYearId }, 'AGM_PACK.pdf');

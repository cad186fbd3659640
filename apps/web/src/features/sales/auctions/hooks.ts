import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Auction,
  AuctionDetail,
  AuctionImportPreview,
  AuctionLot,
  AvailableFacets,
  AvailableLot,
  CaptureResultsBody,
  CatalogueLotsBody,
  CreateAuctionBody,
  DecisionsBody,
} from '@ushirika/contracts';
import { api, apiRequest, type Query } from '../../../lib/api.ts';
import { auditKeys } from '../../../lib/audit.ts';
import { resource } from '../../../lib/resource.ts';

/** Auctions: the list (shared resource hooks), the catalogue, and one mutation per state change. */
export const auctions = resource<Auction & Partial<AuctionDetail>, CreateAuctionBody>('sales/auctions', {
  key: 'auctions',
  audit: 'auction',
  exportName: 'auctions',
});

const lotsKey = (id: string) => ['auctions', 'lots', id] as const;
type Saved = { message: string; data: AuctionDetail };

export function useAuction(id: string) {
  return useQuery({
    queryKey: auctions.keys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: AuctionDetail }>(`sales/auctions/${id}`, undefined, signal),
    select: (reply) => reply.data,
  });
}

export function useAuctionLots(id: string) {
  return useQuery({
    queryKey: lotsKey(id),
    queryFn: ({ signal }) => api.get<{ data: AuctionLot[] }>(`sales/auctions/${id}/lots`, undefined, signal),
    select: (reply) => reply.data,
  });
}

export function useAvailableLots(id: string, filters: Query, enabled: boolean) {
  return useQuery({
    queryKey: ['auctions', 'available', id, filters],
    queryFn: ({ signal }) =>
      api.get<{ data: AvailableLot[] }>(`sales/auctions/${id}/available-lots`, filters, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

export function useAvailableFacets(id: string) {
  return useQuery({
    queryKey: ['auctions', 'available', id, 'facets'],
    queryFn: ({ signal }) =>
      api.get<{ data: AvailableFacets }>(`sales/auctions/${id}/available-lots/facets`, undefined, signal),
    select: (reply) => reply.data,
  });
}

/** Every change refreshes the auction, its catalogue, the lists, its history and the auction reports. */
function useRefresh(id: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: auctions.keys.all });
    void client.invalidateQueries({ queryKey: auditKeys.history('auction', id) });
    void client.invalidateQueries({ queryKey: ['auction-reports'] });
  };
}

function useAuctionAction<B>(id: string, send: (body: B) => Promise<Saved>) {
  const refresh = useRefresh(id);
  return useMutation({ mutationFn: send, onSuccess: refresh });
}

export const useCatalogueLots = (id: string) =>
  useAuctionAction(id, (body: CatalogueLotsBody) =>
    api.post<Saved>(`sales/auctions/${id}/lots`, body, { silent: true }),
  );
export const useRemoveLots = (id: string) =>
  useAuctionAction(id, (lotIds: string[]) => api.post<Saved>(`sales/auctions/${id}/lots/remove`, { lotIds }));
export function usePublish(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: () => api.patch<Saved>(`sales/auctions/${id}/publish`),
    onSuccess: refresh,
  });
}
export function useClose(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: () => api.patch<Saved>(`sales/auctions/${id}/close`),
    onSuccess: refresh,
  });
}
export const useSaveResults = (id: string) =>
  useAuctionAction(id, (body: CaptureResultsBody) =>
    apiRequest<Saved>(`sales/auctions/${id}/results`, { method: 'PUT', body, silent: true }),
  );
export const useSaveDecisions = (id: string) =>
  useAuctionAction(id, (body: DecisionsBody) =>
    apiRequest<Saved>(`sales/auctions/${id}/decisions`, { method: 'PUT', body, silent: true }),
  );

/** The results sheet: `preview` answers row errors, `apply` saves all rows or none. */
export function useImportResults(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ file, mode, confirm }: { file: File; mode: 'preview' | 'apply'; confirm: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<AuctionImportPreview | Saved>(`sales/auctions/${id}/results/import`, {
        method: 'POST',
        body: form,
        query: { mode, confirm_below_reserve: String(confirm) },
        silent: true,
      });
    },
    onSuccess: (_, vars) => {
      if (vars.mode === 'apply') refresh();
    },
  });
}

export type ReportRows = {
  rows: Record<string, string | number>[];
  totals: { lots: number; kg: string; amount: string };
};
export function useAuctionReport(path: string, query: Query) {
  return useQuery({
    queryKey: ['auction-reports', path, query],
    queryFn: ({ signal }) => api.get<{ data: ReportRows }>(`reports/auction/${path}`, query, signal),
    select: (reply) => reply.data,
  });
}

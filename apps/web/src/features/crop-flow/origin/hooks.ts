import { useQuery } from '@tanstack/react-query';
import type { Origin } from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';

/** What an origin is read for: a lot, a sales invoice or a release note (#33). */
export type OriginSource = { kind: 'lot' | 'invoice' | 'release_note'; id: string };

const BASES: Record<OriginSource['kind'], string> = {
  lot: 'collections/lots',
  invoice: 'sales/invoices',
  release_note: 'sales/release-notes',
};
const pathOf = (source: OriginSource) => `${BASES[source.kind]}/${source.id}/origin`;

export const originKeys = {
  one: (source: OriginSource) => ['origin', source.kind, source.id] as const,
};

/**
 * The origin, read once asked for. Under `lots` too, so a farm's correction (which refreshes
 * farmers) or a lot's change is seen the next time it is opened.
 */
export function useOrigin(source: OriginSource, enabled: boolean) {
  return useQuery({
    queryKey: originKeys.one(source),
    queryFn: ({ signal }) => api.get<{ data: Origin }>(pathOf(source), undefined, signal),
    select: (reply) => reply.data,
    enabled,
    staleTime: 0,
  });
}

/** The geolocation file (GeoJSON; a draft while farms block it) or its CSV. */
export function downloadGeolocation(source: OriginSource, format: 'geojson' | 'csv', draft: boolean) {
  const query = format === 'geojson' && draft ? { draft: 'true' } : {};
  return downloadFile(`${pathOf(source)}/${format}`, query, `geolocation.${format}`);
}

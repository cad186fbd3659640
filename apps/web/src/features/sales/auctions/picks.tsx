import { Checkbox, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { toastSuccess } from '../../../lib/notify.ts';

/**
 * The lots ticked in an auction table (lots to catalogue, bids to decide) among `ids`, the rows
 * shown: one at a time or all at once; a save of the ticked lots clears them.
 */
export function usePicks(ids: string[]) {
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const all = ids.length > 0 && ids.every((id) => picked.has(id));
  const toggle = (id: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setPicked(all ? new Set() : new Set(ids));
  /** The callbacks of a save of the ticked lots: its message toasted, the ticks cleared; a refusal said by `onError`. */
  const saved = (onError: (message: string | null) => void) => ({
    onSuccess: (reply: { message: string }) => {
      toastSuccess(reply.message);
      setPicked(new Set());
    },
    onError: (e: unknown) => onError(e instanceof ApiError ? e.serverMessage : String(e)),
  });
  return { picked, all, toggle, toggleAll, saved };
}

/** The header cell that ticks every row or none. */
export function PickAllCell({ picks }: { picks: { all: boolean; toggleAll: () => void } }) {
  const { t } = useTranslation();
  return (
    <Table.Th w={40}>
      <Checkbox aria-label={t('auctionsMd.pickAll')} checked={picks.all} onChange={picks.toggleAll} />
    </Table.Th>
  );
}

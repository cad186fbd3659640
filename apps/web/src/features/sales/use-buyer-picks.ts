import { useState } from 'react';

/**
 * The buyer of a sales form and the rows picked among that buyer's (open invoices to group,
 * paid lots to release): changing the buyer drops the picks.
 */
export function useBuyerPicks(form: { setValue: (key: 'buyerId', value: string | null) => void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const changeBuyer = (buyerId: string | null) => {
    form.setValue('buyerId', buyerId);
    setChosen([]);
  };
  const pick = (id: string, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  return { chosen, changeBuyer, pick };
}

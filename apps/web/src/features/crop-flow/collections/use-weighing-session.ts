import type { Collection } from '@ushirika/contracts';
import { addToTally, emptyTally } from '@ushirika/domain';
import { useCallback, useState } from 'react';

/**
 * A session at the scale: how many farmers were weighed and their kg (the tally), and the last
 * receipt, for printing. `saved` counts a collection however it was kept.
 */
export function useWeighingSession() {
  const [tally, setTally] = useState(emptyTally);
  const [last, setLast] = useState<Collection | null>(null);
  const saved = useCallback((collection: Collection) => {
    setLast(collection);
    setTally((current) => addToTally(current, collection.netKg));
  }, []);
  return { tally, last, saved };
}

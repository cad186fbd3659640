import { dec, splitExact } from './money.ts';

/** One lot's part of a delivery note, as settlement reads it (`transporterId` null: nobody to pay). */
export type NoteSource = {
  lotId: string;
  dnId: string;
  collectedKg: string;
  transporterId: string | null;
  /** The note's whole transport charge (every lot of the note carries it). */
  charge: string;
};

/** What a lot owes one transporter: the kg carried and its share of the charges, to the cent. */
export type LotTransport = { transporterId: string; kg: string; charge: string };

/**
 * Each delivery note's charge shared among its lots by collected kg, to the cent exactly, then
 * gathered per lot and transporter (a lot from two notes of one transporter owes the sum). A note
 * with no transporter (the column allows it; the form does not) has nobody to pay; a note whose
 * lots carried no kg shares nothing. `sources` lists every lot of each note, by note.
 */
export function transportByLot(sources: NoteSource[]): Map<string, LotTransport[]> {
  type Carried = NoteSource & { transporterId: string };
  const byNote = new Map<string, Carried[]>();
  for (const s of sources) {
    if (s.transporterId === null) continue;
    byNote.set(s.dnId, [...(byNote.get(s.dnId) ?? []), { ...s, transporterId: s.transporterId }]);
  }
  const transportOf = new Map<string, LotTransport[]>();
  for (const list of byNote.values()) {
    const first = list[0];
    if (!first) continue;
    const positive = list.some((s) => dec(s.collectedKg).gt(0));
    const shares = positive
      ? splitExact(
          first.charge,
          list.map((s) => s.collectedKg),
        )
      : list.map(() => dec(0));
    list.forEach((s, i) => {
      const entries = transportOf.get(s.lotId) ?? [];
      const had = entries.find((e) => e.transporterId === s.transporterId);
      const charge = shares[i] ?? dec(0);
      if (had) {
        had.kg = dec(had.kg).plus(dec(s.collectedKg)).toFixed(3);
        had.charge = dec(had.charge).plus(charge).toFixed(2);
      } else entries.push({ transporterId: s.transporterId, kg: s.collectedKg, charge: charge.toFixed(2) });
      transportOf.set(s.lotId, entries);
    });
  }
  return transportOf;
}

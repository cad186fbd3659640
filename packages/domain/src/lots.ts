import { type DecimalLike, dec, sum } from './money.ts';

export type PoolCollection = { id: string; netKg: DecimalLike };

/** Why lots cannot be made as asked: the index of the lot that failed, or null for the whole request. */
export class LotAllocationError extends Error {
  constructor(
    message: string,
    readonly lotIndex: number | null,
  ) {
    super(message);
  }
}

/**
 * Shares a pool of farmers' collections (in receipt order) out to lots weighed at the warehouse.
 *
 * A lot's share of the collected kg is its warehouse weight times the pool's collected/warehouse
 * ratio (the transit variance spread evenly). Whole collections go to each lot in order: the next
 * collection is taken while at least half of it fits under the share, and every lot takes at least
 * one. When the lots use up the pool's whole warehouse weight, the last lot takes every collection
 * left, so no farmer is left outside a lot. Returns the collection ids of each lot.
 */
export function allocateLots(
  pool: PoolCollection[],
  poolWarehouseKg: DecimalLike,
  lotKgs: DecimalLike[],
): string[][] {
  const totalLotKg = sum(lotKgs);
  let warehouseLeft = dec(poolWarehouseKg);
  if (totalLotKg.greaterThan(warehouseLeft)) {
    throw new LotAllocationError(
      `The lots weigh ${totalLotKg.toFixed(3)} kg but only ${warehouseLeft.toFixed(3)} kg of this grade is left on the delivery notes`,
      null,
    );
  }
  const usesAll = totalLotKg.equals(warehouseLeft);
  let collectedLeft = sum(pool.map((c) => c.netKg));
  let next = 0;
  return lotKgs.map((lotKg, i) => {
    const taken: string[] = [];
    if (next >= pool.length) {
      throw new LotAllocationError(`No farmers' collections are left for lot ${i + 1}`, i);
    }
    if (usesAll && i === lotKgs.length - 1) {
      for (; next < pool.length; next++) taken.push(pool[next]?.id ?? '');
      return taken;
    }
    const share = dec(lotKg).times(collectedLeft).div(warehouseLeft);
    let acc = dec(0);
    while (next < pool.length) {
      const c = pool[next];
      if (!c) break;
      const kg = dec(c.netKg);
      if (taken.length > 0 && acc.plus(kg.div(2)).greaterThan(share)) break;
      taken.push(c.id);
      acc = acc.plus(kg);
      next++;
    }
    collectedLeft = collectedLeft.minus(acc);
    warehouseLeft = warehouseLeft.minus(lotKg);
    return taken;
  });
}

import { type FarmerOption, type FarmerSearchQuery, farmerOption } from '@ushirika/contracts';
import { and, eq, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { type Actor, societyOf } from '../../platform/access.ts';
import { amcos } from '../amcos/schema.ts';
import { exactMatch, nameBranches, normaliseSearch, phonePrefix, prefix } from './list-farmers.ts';
import { farmers } from './schema.ts';

/** One way what was typed may name farmers, and how early its matches are listed (0 first). */
type Branch = { rank: number; where: SQL };

/** A farmer number as typed so far: an AMCOS code, maybe its dash and the first digits ("NAN02-000"). */
const NUMBER_START = /^[a-z0-9]+(-\d{0,5})?$/;

/**
 * The ways a search may name farmers: a whole number, NIDA or phone first; then the start of a
 * farmer number; for a user of one society, the digits of the number's sequence ("12" is
 * NAN02-00012); the start of a phone; the start of the names.
 */
function branchesOf(search: string, society: string | null): Branch[] {
  const branches: Branch[] = [];
  const exact = exactMatch(search);
  if (exact) branches.push({ rank: 0, where: exact });
  const oneWord = !/\s/.test(search);
  if (oneWord && NUMBER_START.test(search) && !exact) {
    const looksLikeNumber = /[\d-]/.test(search);
    branches.push({
      rank: looksLikeNumber ? 1 : 4,
      where: like(farmers.farmerNo, prefix(search.toUpperCase())),
    });
  }
  if (society && /^\d{1,5}$/.test(search))
    branches.push({
      rank: 0,
      where: sql`${farmers.farmerNo} = (select ${amcos.code} from ${amcos} where ${amcos.id} = ${society}) || '-' || lpad(${search}, 5, '0')`,
    });
  const phone = exact ? null : phonePrefix(search);
  if (phone) branches.push({ rank: 2, where: like(farmers.phone, `${phone}%`) });
  if (/[a-z]/.test(search)) for (const where of nameBranches(search)) branches.push({ rank: 3, where });
  return branches;
}

/**
 * The farmer picker's matches (#27): at most `limit` farmers, the closest first (an exact number
 * or phone, then numbers, phones and names that begin with what was typed), each branch reading
 * its index and stopping at `limit`. An AMCOS user's society bounds every branch.
 */
export async function searchFarmers(
  db: DbOrTx,
  actor: Actor,
  input: FarmerSearchQuery,
): Promise<FarmerOption[]> {
  const search = normaliseSearch(input.q);
  const own = societyOf(actor);
  const scope = and(
    own ? eq(farmers.amcosId, own) : undefined,
    input.amcos_id ? eq(farmers.amcosId, input.amcos_id) : undefined,
    input.status ? eq(farmers.status, input.status) : undefined,
  );
  const society = own ?? input.amcos_id ?? null;
  const branches = branchesOf(search, society);
  if (branches.length === 0) return [];
  const parts = branches.map(
    ({ rank, where }) => sql`(select ${farmers.id} as id, ${rank}::int as rank, ${farmers.firstKey} as f,
      ${farmers.lastKey} as l from ${farmers} where ${and(where, scope) ?? where} order by 3, 4, 1 limit ${input.limit})`,
  );
  return queryRows(
    db,
    farmerOption,
    sql`select f.id, f.farmer_no as "farmerNo", f.first_name as "firstName", f.middle_name as "middleName",
          f.last_name as "lastName", f.phone, f.village, f.status, f.amcos_id as "amcosId", a.code as "amcosCode",
          a.name as "amcosName"
        from (select id, min(rank) as rank, min(f) as f, min(l) as l from (${sql.join(parts, sql` union all `)}) m
              group by id) ranked
        join ${farmers} f on f.id = ranked.id join ${amcos} a on a.id = f.amcos_id
        order by ranked.rank, ranked.f, ranked.l, f.id limit ${input.limit}`,
  );
}

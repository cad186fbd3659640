import {
  type Collection,
  compareDecimals,
  moisturePolicy,
  type recordCollectionBody,
} from '@ushirika/contracts';
import { dec, todayInTanzania, toGroupedQuantity } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { auditInsertSql } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, fieldError, ValidationError } from '../../../platform/errors.ts';
import { currentLanguage, formatDate, localNameParamSql } from '../../../platform/labels.ts';
import { documentNumberSql, takeNumberSql } from '../../../platform/numbering.ts';
import { enqueueSmsSql } from '../../../platform/sms-outbox.ts';
import { FARMER_SMS, smsTextSql } from '../../../platform/sms-texts.ts';

type RecordCollection = z.infer<typeof recordCollectionBody>;

/** What one query reads about the farmer, season crop and grade of a weighing. */
const contextRow = z.object({
  farmer_id: z.string().nullable(),
  farmer_no: z.string().nullable(),
  farmer_name: z.string().nullable(),
  farmer_phone: z.string().nullable(),
  farmer_status: z.string().nullable(),
  amcos_id: z.string().nullable(),
  amcos_code: z.string().nullable(),
  amcos_name: z.string().nullable(),
  season_crop_id: z.string().nullable(),
  season_crop_status: z.string().nullable(),
  max_moisture: z.string().nullable(),
  moisture_policy: moisturePolicy.nullable(),
  season_name: z.string().nullable(),
  season_status: z.string().nullable(),
  season_start: z.string().nullable(),
  season_end: z.string().nullable(),
  crop_name: z.string().nullable(),
  grade_id: z.string().nullable(),
  grade_code: z.string().nullable(),
  grade_name: z.string().nullable(),
  grade_of_crop: z.boolean().nullable(),
  actor_name: z.string().nullable(),
});
type Context = z.infer<typeof contextRow>;

/**
 * Reads everything a weighing is checked against in ONE round trip (the clerk is waiting at the
 * scale): the farmer (by id or number) with their AMCOS, the season crop with its season, and the
 * grade. Missing pieces come back as nulls; `checkWeighing` turns them into messages.
 */
export async function loadContext(
  db: DbOrTx,
  input: { farmerId?: string | null; farmerNo?: string | null; seasonCropId: string; gradeId: string },
  actorId: string,
): Promise<Context> {
  const farmerMatch = input.farmerId
    ? sql`f.id = ${input.farmerId}`
    : sql`f.farmer_no = ${(input.farmerNo ?? '').toUpperCase()}`;
  const [row] = await queryRows(
    db,
    contextRow,
    sql`select f.id as farmer_id, f.farmer_no,
          concat_ws(' ', f.first_name, f.middle_name, f.last_name) as farmer_name,
          f.phone as farmer_phone, f.status as farmer_status,
          a.id as amcos_id, a.code as amcos_code, a.name as amcos_name,
          sc.id as season_crop_id, sc.status as season_crop_status, sc.max_moisture::text as max_moisture,
          sc.moisture_policy, s.name as season_name, s.status as season_status,
          s.start_date::text as season_start, s.end_date::text as season_end, c.name as crop_name,
          g.id as grade_id, g.code as grade_code, g.name as grade_name, (g.crop_id = sc.crop_id) as grade_of_crop,
          (select concat_ws(' ', u.first_name, u.last_name) from users u where u.id = ${actorId}) as actor_name
        from (select 1) one
        left join farmers f on ${farmerMatch}
        left join amcos a on a.id = f.amcos_id
        left join season_crops sc on sc.id = ${input.seasonCropId}
        left join seasons s on s.id = sc.season_id
        left join crops c on c.id = sc.crop_id
        left join grades g on g.id = ${input.gradeId}`,
  );
  if (!row) throw new Error('Collection context query returned nothing');
  return row;
}

export type Weights = { collectedOn: string; grossKg: string; tareKg: string; moisture: string };

/**
 * The rules of a weighing, shared by record and edit: farmer active and of the actor's society,
 * season open, season crop active, grade of the crop, date within the season and not ahead,
 * tare below gross, moisture within the season crop's maximum (or flagged, per its policy).
 * Answers whether the moisture is flagged.
 */
export function checkWeighing(
  ctx: Context,
  w: Weights,
  actor: Pick<Actor, 'amcosId'>,
  farmerLabel: string,
): { moistureFlagged: boolean } {
  if (!ctx.farmer_id || !ctx.amcos_id) {
    throw fieldError('farmerNo', `There is no farmer with number ${farmerLabel}`);
  }
  if (actor.amcosId && actor.amcosId !== ctx.amcos_id) {
    const message = `Farmer ${ctx.farmer_no} belongs to another society`;
    throw new ForbiddenError(message, { farmerNo: [message] });
  }
  if (ctx.farmer_status !== 'active') {
    throw fieldError('farmerNo', `Farmer ${ctx.farmer_no} (${ctx.farmer_name}) is inactive`);
  }
  if (!ctx.season_crop_id) throw fieldError('seasonCropId', 'The chosen season crop does not exist');
  if (ctx.season_status !== 'open') {
    throw fieldError(
      'seasonCropId',
      `Season ${ctx.season_name} is ${ctx.season_status}: collections are taken in an open season only`,
    );
  }
  if (ctx.season_crop_status !== 'active') {
    throw fieldError('seasonCropId', `${ctx.crop_name} is not active in season ${ctx.season_name}`);
  }
  if (!ctx.grade_id) throw fieldError('gradeId', 'The chosen grade does not exist');
  if (!ctx.grade_of_crop) {
    throw fieldError('gradeId', `Grade ${ctx.grade_code} is not a grade of ${ctx.crop_name}`);
  }
  const errors: Record<string, string[]> = {};
  if (w.collectedOn > todayInTanzania()) errors.collectedOn = ['The collection date cannot be in the future'];
  else if (
    ctx.season_start &&
    ctx.season_end &&
    (w.collectedOn < ctx.season_start || w.collectedOn > ctx.season_end)
  ) {
    errors.collectedOn = [
      `The date must be within season ${ctx.season_name} (${ctx.season_start} to ${ctx.season_end})`,
    ];
  }
  if (compareDecimals(w.tareKg, w.grossKg) >= 0)
    errors.tareKg = ['The tare must be less than the gross weight'];
  let moistureFlagged = false;
  if (ctx.max_moisture && dec(w.moisture).gt(ctx.max_moisture)) {
    if (ctx.moisture_policy === 'flag') moistureFlagged = true;
    else {
      errors.moisture = [
        `Moisture ${w.moisture}% is above the maximum of ${dec(ctx.max_moisture).toString()}% for ${ctx.crop_name}: the crop must be dried first`,
      ];
    }
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ValidationError(first, errors);
  return { moistureFlagged };
}

/**
 * What the save answers: names in the reader's language. The farmer's SMS is in Swahili (the
 * farmers' language), so it names the crop by its Swahili name (`crop_name_sw`) whatever the
 * clerk's screen language.
 */
const writtenRow = z.object({
  farmer_id: z.string(),
  farmer_no: z.string(),
  farmer_name: z.string(),
  farmer_phone: z.string().nullable(),
  amcos_id: z.string(),
  amcos_code: z.string(),
  amcos_name: z.string(),
  season_name: z.string(),
  crop_name: z.string(),
  crop_name_sw: z.string(),
  grade_code: z.string(),
  grade_name: z.string(),
  flagged: z.boolean(),
  actor_name: z.string().nullable(),
  receipt_no: z.string(),
  created_at: z.union([z.string(), z.date()]),
});

/**
 * Records one farmer's delivery at the AMCOS. The clerk waits at the scale, so the whole action
 * is ONE SQL statement (atomic on its own, like a transaction): it reads the farmer, AMCOS,
 * season crop and grade, and only if every rule holds (farmer active and of the actor's society,
 * season open and holding the date, season crop active, grade of the crop, moisture within the
 * maximum unless the policy flags it) takes the AMCOS's next gap-free receipt number
 * (`RC-<AMCOS code>-<year>-000001`, one counter per society, so clerks of different societies
 * never wait on each other), inserts the collection (the trigger adds it to the stock), its audit
 * event and the farmer's SMS into the outbox, each through the platform's SQL builder of that door
 * (numbering, audit, outbox) so the rules are the ones every other save uses. If it wrote nothing, the rules are checked one by
 * one to say which failed. The AMCOS is always the farmer's: a union user names it through the farmer.
 * The crop and grade names answered are in the request's language, a parameter of the statement so
 * one prepared text serves both languages.
 */
export async function recordCollection(db: Db, actor: Actor, input: RecordCollection): Promise<Collection> {
  const weighing = weighingOf(input);
  if (weighing.collectedOn > todayInTanzania()) {
    throw fieldError('collectedOn', 'The collection date cannot be in the future');
  }
  // One prepared statement per variant of the text: farmer by id or number, society-bound or not.
  const variant = `${input.farmerId ? 'id' : 'no'}_${actor.amcosId ? 'amcos' : 'union'}`;
  const [written] = await queryRows(db, writtenRow, recordStatement(actor, input, weighing), {
    prepared: `record_collection_${variant}`,
  });
  if (!written) {
    // Nothing written: say which rule refused it (the checks throw); a rule that holds now
    // changed while the statement ran (the season was closed a moment ago...).
    const ctx = await loadContext(db, input, actor.userId);
    checkWeighing(ctx, weighing, actor, input.farmerNo ?? input.farmerId ?? '');
    throw new ConflictError('The collection could not be saved: please try again');
  }
  return collectionOf(input, weighing, written);
}

type Weighing = Weights & { id: string; netKg: string };

/** The weighing's figures as stored: kg to 3 places, moisture to 2; the date defaults to today. */
function weighingOf(input: RecordCollection): Weighing {
  return {
    id: uuidv7(),
    collectedOn: input.collectedOn ?? todayInTanzania(),
    grossKg: dec(input.grossKg).toFixed(3),
    tareKg: dec(input.tareKg).toFixed(3),
    netKg: dec(input.grossKg).minus(input.tareKg).toFixed(3),
    moisture: dec(input.moisture).toFixed(2),
  };
}

/** The one statement that checks, numbers, inserts, audits and queues the farmer's SMS. */
function recordStatement(actor: Actor, input: RecordCollection, w: Weighing) {
  const lang = currentLanguage();
  const { id, collectedOn, grossKg, tareKg, netKg, moisture } = w;
  const year = collectedOn.slice(0, 4);
  const farmerMatch = input.farmerId
    ? sql`f.id = ${input.farmerId}::uuid`
    : sql`f.farmer_no = ${(input.farmerNo ?? '').toUpperCase()}`;
  const fields = {
    collectedOn,
    seasonCropId: input.seasonCropId,
    gradeId: input.gradeId,
    bags: input.bags,
    grossKg,
    tareKg,
    netKg,
    moisture,
    createdBy: actor.userId,
  };
  return sql`with ctx as materialized (
        select f.id as farmer_id, f.farmer_no, concat_ws(' ', f.first_name, f.middle_name, f.last_name) as farmer_name,
          f.phone as farmer_phone, a.id as amcos_id, a.code as amcos_code, a.name as amcos_name,
          s.name as season_name, ${localNameParamSql('c', lang)} as crop_name,
          coalesce(nullif(c.name_sw, ''), c.name) as crop_name_sw, g.code as grade_code,
          ${localNameParamSql('g', lang)} as grade_name,
          (${moisture}::numeric > sc.max_moisture) as flagged,
          (select concat_ws(' ', u.first_name, u.last_name) from users u where u.id = ${actor.userId}::uuid) as actor_name
        from farmers f
        join amcos a on a.id = f.amcos_id
        join season_crops sc on sc.id = ${input.seasonCropId}::uuid
        join seasons s on s.id = sc.season_id
        join crops c on c.id = sc.crop_id
        join grades g on g.id = ${input.gradeId}::uuid and g.crop_id = sc.crop_id
        where ${farmerMatch} and f.status = 'active'
          ${actor.amcosId ? sql`and f.amcos_id = ${actor.amcosId}::uuid` : sql``}
          and sc.status = 'active' and s.status = 'open'
          and ${collectedOn}::date between s.start_date and s.end_date
          and (${moisture}::numeric <= sc.max_moisture or sc.moisture_policy = 'flag')
      ),
      seq as (${takeNumberSql(sql`'RC-' || ctx.amcos_code`, sql`${year}::int`, sql`ctx`)}),
      ins as (
        insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id, grade_id,
          bags, gross_kg, tare_kg, net_kg, moisture, moisture_flagged, created_by)
        select ${id}::uuid, ${documentNumberSql(sql`'RC-' || ctx.amcos_code`, sql`${year}::int`, sql`seq.last_value`)},
          ${collectedOn}::date, ${input.seasonCropId}::uuid, ctx.amcos_id, ctx.farmer_id, ${input.gradeId}::uuid,
          ${input.bags}::int, ${grossKg}::numeric, ${tareKg}::numeric, ${netKg}::numeric, ${moisture}::numeric,
          ctx.flagged, ${actor.userId}::uuid
        from ctx, seq
        returning receipt_no, created_at
      ),
      aud as (${auditInsertSql(
        { actorId: actor.userId, action: 'recorded', entity: 'collection' },
        sql`select ${uuidv7()}::uuid as id, ${id}::text as entity_id, null::jsonb as before,
          ${JSON.stringify(fields)}::jsonb || jsonb_build_object('receiptNo', ins.receipt_no, 'amcosId', ctx.amcos_id,
            'farmerId', ctx.farmer_id, 'moistureFlagged', ctx.flagged) as after
        from ins, ctx`,
      )}),
      sms as (${enqueueSmsSql(
        sql`select ${uuidv7()}::uuid as id, ctx.farmer_phone as recipient, ${smsTextSql(
          FARMER_SMS.collected.sw,
          {
            society: sql`ctx.amcos_name`,
            kg: sql`${toGroupedQuantity(netKg)}`,
            bags: sql`${String(input.bags)}`,
            crop: sql`ctx.crop_name_sw`,
            grade: sql`ctx.grade_code`,
            date: sql`${formatDate('sw', collectedOn)}`,
            receipt: sql`ins.receipt_no`,
          },
        )} as body
        from ins, ctx`,
      )})
      select ctx.*, ins.receipt_no, ins.created_at from ins, ctx`;
}

/** The saved collection as the API answers it. */
function collectionOf(input: RecordCollection, w: Weighing, row: z.infer<typeof writtenRow>): Collection {
  return {
    id: w.id,
    receiptNo: row.receipt_no,
    collectedOn: w.collectedOn,
    seasonCropId: input.seasonCropId,
    seasonName: row.season_name,
    cropName: row.crop_name,
    amcosId: row.amcos_id,
    amcosCode: row.amcos_code,
    amcosName: row.amcos_name,
    farmerId: row.farmer_id,
    farmerNo: row.farmer_no,
    farmerName: row.farmer_name,
    farmerPhone: row.farmer_phone,
    gradeId: input.gradeId,
    gradeCode: row.grade_code,
    gradeName: row.grade_name,
    bags: input.bags,
    grossKg: w.grossKg,
    tareKg: w.tareKg,
    netKg: w.netKg,
    moisture: w.moisture,
    moistureFlagged: Boolean(row.flagged),
    status: 'recorded',
    deliveryNoteId: null,
    lotId: null,
    cancelReason: null,
    cancelledAt: null,
    createdByName: row.actor_name,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

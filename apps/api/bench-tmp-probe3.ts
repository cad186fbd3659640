import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../api/src/db/client.ts';
import { amcos } from './src/modules/amcos/schema.ts';
import { users } from './src/modules/users/schema.ts';
import { findUserByEmail } from './src/modules/users/queries.ts';
const d = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/ushirika_probe' });
const admin = await findUserByEmail(d.db, 'bench.admin@ushirika.test');
const q = d.db.select({ id: users.id, amcosName: amcos.name, roles: sql`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name)
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${users.id}), '[]'::json)` }).from(users).leftJoin(amcos, eq(amcos.id, users.amcosId)).where(eq(users.id, admin!.id));
const { sql: text, params } = q.toSQL();
console.log(text, params);
const { default: pg } = await import('pg');
const c = new pg.Client('postgres://postgres@127.0.0.1:5432/ushirika_probe'); await c.connect();
const r = await c.query('explain (analyze, buffers) ' + text.replace('$1', `'${params[0]}'`));
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await c.end(); await d.close();

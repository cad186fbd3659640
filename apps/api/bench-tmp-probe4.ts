const { default: pg } = await import('pg');
const c = new pg.Client('postgres://postgres@127.0.0.1:5432/ushirika_probe'); await c.connect();
const id = (await c.query(`select id from users where email='bench.admin@ushirika.test'`)).rows[0].id;
const text = `select "users"."id", "amcos"."name", coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name)
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = "users"."id"), '[]'::json) from "users" left join "amcos" on "amcos"."id" = "users"."amcos_id" where "users"."id" = $1`;
const time = async (label: string, f: () => Promise<unknown>, n = 200) => { await f(); const t = performance.now(); for (let i = 0; i < n; i++) await f(); console.log(label.padEnd(30), ((performance.now() - t) / n).toFixed(2), 'ms'); };
await time('select 1', () => c.query('select 1'));
await time('getUser sql', () => c.query(text, [id]));
await time('getUser sql prepared', () => c.query({ name: 'gu', text, values: [id] }));
await time('getUser no roles', () => c.query(`select "users"."id", "amcos"."name" from "users" left join "amcos" on "amcos"."id" = "users"."amcos_id" where "users"."id" = $1`, [id]));
for (let i = 0; i < 3; i++) { const r = await c.query('explain (analyze) ' + text.replace('$1', `'${id}'`)); console.log(r.rows.slice(-2).map((x) => x['QUERY PLAN']).join(' | ')); }
await c.end();

const { default: pg } = await import('pg');
const c = new pg.Client('postgres://postgres@127.0.0.1:5432/ushirika_probe'); await c.connect();
const rows = (f: string) => `select u.id, a.name, coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json) from users u left join amcos a on a.id = u.amcos_id where u.search_text like '%${f}%' order by u.first_name, u.last_name, u.id limit 25`;
const cnt = (f: string) => `select count(*) from users u where u.search_text like '%${f}%'`;
for (const f of ['mwa', 'juma', 'kimaro', 'neema mushi', '754123', 'zzq']) {
  for (const [k, q] of [['rows', rows(f)], ['count', cnt(f)]]) {
    await c.query('explain analyze ' + q);
    const r = await c.query('explain analyze ' + q);
    const lines = r.rows.map((x) => x['QUERY PLAN'] as string);
    console.log(f.padEnd(12), k.padEnd(6), lines.filter((l) => /Scan|Sort  /.test(l)).map((l) => l.trim().replace(/\(cost=[^)]*\) /, '').slice(0, 80)).slice(0, 2).join(' / '), '|', lines.slice(-2).join(' '));
  }
}
await c.end();

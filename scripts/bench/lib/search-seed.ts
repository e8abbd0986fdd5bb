// The search benchmark's data (set-based SQL, generate_series): sea ports up
// to `ports` (the demo's real ones first) and `rows` FCL rates, on a
// database that holds the demo seed.
import type pg from "pg";

export async function seedSearchData(client: pg.Client, options: { rows: number; ports: number; log: (line: string) => void }) {
  const { rows: ROWS, ports: PORTS, log } = options;
  let t = Date.now();
  // Sea ports up to PORTS: the demo's real ports, then place names taken
  // from the demo's airports (real names: "HAIFA", "CAGLIARI ELMAS") with
  // harbour suffixes, five-character codes shaped like UN/LOCODEs (a country
  // and three characters; those taken by a real port are skipped); like the
  // real list, most have no Chinese name (name_zh = name), one in four a
  // generated one.
  await client.query(
    `WITH places AS (
       SELECT DISTINCT trim(regexp_replace(name, '\\s*(INTERNATIONAL\\s+|REGIONAL\\s+|MUNICIPAL\\s+)?(AIRPORT|AIRFIELD|AIRSTRIP|AIRBASE|AIR BASE).*$', '')) AS place
       FROM airports
     ), names AS (
       SELECT place || suffix AS name, (row_number() OVER (ORDER BY md5(place || suffix)))::int AS g
       FROM places, (VALUES (''), (' PORT'), (' HARBOUR'), (' TERMINAL'), (' ANCHORAGE'), (' NEW PORT')) s(suffix)
       WHERE place <> ''
     )
     INSERT INTO sea_ports (code, name, name_zh, country_code, country_name, country_name_zh, lane, updated_at)
     SELECT (array['US','CN','JP','DE','GB','FR','IT','ES','BR','IN','RU','AU','CA','MX','ID','TR','KR','NL','SE','NO','DK','FI',
                   'PL','GR','PT','AR','CL','PE','CO','ZA','EG','NG','KE','MA','SA','AE','IR','PK','TH','VN','MY','PH','SG','NZ'])[1 + g % 44]
              || chr(65 + (g / 44) % 26) || chr(65 + (g / 1144) % 26) || chr(50 + (g / 29744) % 8),
            name,
            CASE WHEN g % 4 = 0 THEN z[1 + g % 40] || z[1 + (g / 40) % 40] || z[1 + (g / 1600) % 40] || '港' ELSE name END,
            NULL, 'BENCHLAND', '测试国', 'BENCH', now()
     FROM names,
          (SELECT array['新','东','西','南','北','海','江','山','河','州','岛','口','安','华','泰','宁','德','福','广','金',
                        '圣','马','拉','尼','亚','巴','斯','克','特','里','利','加','波','阿','多','罗','卡','萨','布','维'] AS z) w
     WHERE g <= $1::int + 2000
     ON CONFLICT DO NOTHING`,
    [PORTS],
  );
  // Keep exactly PORTS ports (the demo's first).
  await client.query(`DELETE FROM sea_ports WHERE id IN (SELECT id FROM sea_ports ORDER BY id OFFSET $1)`, [PORTS]);
  const ports = Number((await client.query(`SELECT count(*) FROM sea_ports`)).rows[0].count);
  log(`sea ports: ${ports} (${Date.now() - t} ms)`);

  t = Date.now();
  // FCL rows: origins are the Chinese ports, Shanghai and Ningbo busiest;
  // destinations skewed (a few busy lanes, a long tail); validity windows of
  // 30-150 days started over the last 400 days (about a quarter valid today).
  await client.query(
    `WITH origins AS (
       SELECT array_agg(name ORDER BY (code <> 'CNSHA'), (code <> 'CNNGB'), code) AS o FROM sea_ports WHERE country_code = 'CN'
     ), destinations AS (
       SELECT array_agg(name ORDER BY id) AS d FROM sea_ports
     ), words AS (
       SELECT array['COSCO','MSC','MAERSK','CMA','ONE','EMC','HPL','OOCL','YML','ZIM','KMTC','WHL'] AS carriers,
              array['周一','周二','周三','周四','周五','周六','周日','周三/周六','周一/周四'] AS days,
              array['运价含BAF/CAF，不含目的港费用','舱位紧张，请提前一周订舱','旺季附加费(PSS)另计','直达服务，船期稳定','中转服务，船期以船公司公布为准'] AS remarks
     ), r AS (
       SELECT g, random() AS a, random() AS b, random() AS c, (400 - floor(random() * 430))::int AS started, 30 + floor(random() * 120)::int AS dur
       FROM generate_series(1, $1::int) g
     )
     INSERT INTO fcl_rates (pol, pod, destination_dock, sailing_schedule, carrier,
       gp20_t0, gp40_t0, hq40_t0, gp20_t1, gp40_t1, hq40_t1, gp20_t2, gp40_t2, hq40_t2,
       booking_fee, thc, seal, vgm, eir, doc, manifest, via, transit_time, dock,
       valid_from, valid_to, paused, remark, remark_concat, updated_at)
     SELECT o[1 + floor(power(a, 2.5) * cardinality(o))::int],
            d[1 + floor(power(b, 2) * cardinality(d))::int],
            CASE WHEN g % 3 = 0 THEN 'TERMINAL ' || (g % 7) END,
            days[1 + g % cardinality(days)],
            carriers[1 + floor(c * cardinality(carriers))::int],
            p, round(p * 1.8), round(p * 1.9), p + 31, round(p * 1.8) + 61, round(p * 1.9) + 61, p + 73, round(p * 1.8) + 133, round(p * 1.9) + 133,
            'RMB 300/票', 'RMB 1020/1540/1540', 'RMB 50/个', 'RMB 100/票', 'RMB 30/箱', 'RMB 450/票', 'RMB 150/票',
            CASE WHEN g % 4 = 0 THEN 'SINGAPORE' ELSE '直达' END, (10 + g % 30) || '天', '外高桥',
            (now() AT TIME ZONE 'Asia/Shanghai')::date - started, (now() AT TIME ZONE 'Asia/Shanghai')::date - started + dur,
            g % 50 = 0, remarks[1 + g % cardinality(remarks)], remarks[1 + g % cardinality(remarks)], now()
     FROM r, origins, destinations, words,
          LATERAL (SELECT (200 + floor(random() * 3000))::numeric AS p) price`,
    [ROWS],
  );
  await client.query(`ANALYZE fcl_rates; ANALYZE sea_ports`);
  const size = (await client.query(`SELECT pg_size_pretty(pg_total_relation_size('fcl_rates')) AS s, count(*) AS n FROM fcl_rates`))
    .rows[0];
  log(`fcl_rates: ${Number(size.n).toLocaleString("en")} rows, ${size.s} with indexes (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}

/**
 * The insights benchmark's traffic (issue 24): `customers` generated customers
 * (a third with a salesperson of their own, the rest of the demo salesperson)
 * and `logs` FCL query-log rows over the last `days` days. Each customer keeps
 * to twenty lanes drawn from the rate rows (busy lanes more often), one lane
 * in twenty has no rate at all (a port pair nobody quotes); bookings are one
 * search in two hundred. Set-based, on a database that holds the search seed.
 */
export async function seedInsightsTraffic(
  client: pg.Client,
  options: { logs: number; customers: number; days: number; log: (line: string) => void },
) {
  const { logs, customers, days, log } = options;
  let t = Date.now();
  await client.query(
    `INSERT INTO users (email, password_hash, username, phone, role_id, customer_rating, audit, sales_id, company, created_at, updated_at)
     SELECT 'bench' || g || '@insights.example', 'x', 'bench-customer-' || g, '1' || lpad(g::text, 10, '0'), 20, 1 + g % 3, 2,
            CASE WHEN g % 3 = 0 THEN (SELECT id FROM users WHERE email = 'sales@example.com') ELSE NULL END,
            '测试客户 ' || g || ' 有限公司', now(), now()
     FROM generate_series(1, $1::int) g`,
    [customers],
  );
  // Each customer's twenty lanes: sampled rate lanes, every twentieth an unquoted pair.
  await client.query(`DROP TABLE IF EXISTS bench_lanes; CREATE UNLOGGED TABLE bench_lanes (n int, pol text, pod text)`);
  await client.query(
    `INSERT INTO bench_lanes
     SELECT row_number() OVER ()::int - 1, pol, pod FROM (SELECT pol, pod FROM fcl_rates GROUP BY pol, pod ORDER BY md5(pol || pod) LIMIT 5000) l`,
  );
  await client.query(
    `INSERT INTO bench_lanes
     SELECT 5000 + row_number() OVER ()::int - 1, a.name, b.name FROM (SELECT name FROM sea_ports ORDER BY md5(name) LIMIT 30) a, (SELECT name FROM sea_ports ORDER BY md5(name || 'x') LIMIT 9) b
     WHERE NOT EXISTS (SELECT 1 FROM fcl_rates r WHERE r.pol = a.name AND r.pod = b.name) LIMIT 250`,
  );
  await client.query(`CREATE INDEX ON bench_lanes (n); ANALYZE bench_lanes`);
  const counts = (
    await client.query<{ quoted: number; unquoted: number }>(
      `SELECT count(*) FILTER (WHERE n < 5000)::int AS quoted, count(*) FILTER (WHERE n >= 5000)::int AS unquoted FROM bench_lanes`,
    )
  ).rows[0];
  await client.query(
    `WITH u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE 'bench%@insights.example'),
     pick AS (
       SELECT floor(power(random(), 1.5) * $2::int)::int AS cu, floor(random() * 20)::int AS k, random() AS ago
       FROM generate_series(1, $1::int) g
     )
     INSERT INTO query_logs (mode, user_id, pol, pod, operated_at)
     SELECT 'FCL', u.ids[1 + pick.cu], l.pol, l.pod, now() AT TIME ZONE 'UTC' - (pick.ago * $3::int) * interval '1 day'
     FROM u, pick
     JOIN bench_lanes l ON l.n = CASE WHEN pick.k = 0 THEN 5000 + (pick.cu * 7) % $5::int ELSE (pick.cu * 37 + pick.k * 101) % $4::int END`,
    [logs, customers, days, counts.quoted, Math.max(1, counts.unquoted)],
  );
  await client.query(`ANALYZE query_logs`);
  log(
    `query_logs: ${Number((await client.query(`SELECT count(*) FROM query_logs`)).rows[0].count).toLocaleString("en")} rows (${((Date.now() - t) / 1000).toFixed(1)} s)`,
  );
  t = Date.now();
  await client.query(
    `INSERT INTO entrustments (kind, user_id, idempotency_key, mode, module_name, source_kind, source_snapshot, pol, pod, created_at)
     SELECT 'ORDER', q.user_id, 'bench-insights-' || q.id, 'FCL', 'FCL', 'rate', '{}'::jsonb, q.pol, q.pod, q.operated_at + interval '1 hour'
     FROM query_logs q WHERE q.id % 200 = 0 AND q.user_id IN (SELECT id FROM users WHERE email LIKE 'bench%@insights.example')`,
  );
  await client.query(`ANALYZE entrustments; DROP TABLE bench_lanes`);
  log(
    `entrustments: ${Number((await client.query(`SELECT count(*) FROM entrustments`)).rows[0].count).toLocaleString("en")} (${((Date.now() - t) / 1000).toFixed(1)} s)`,
  );
}

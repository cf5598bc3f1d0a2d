// The benchmark's "plain Express + node-postgres" peer, for `make bench-members`: it reads the very same
// `members.member` rows as the product (same database, same tables), so that the gateway's times can be
// put beside what a straightforward Express implementation of the two member reads would do. It is not
// part of the product: it checks no token, builds its rows with `SELECT *` (the search keys included),
// answers `res.json` uncompressed, and pages with LIMIT/OFFSET plus an exact `count(*)`, as such an
// implementation would.
//
// DATABASE_URL (required) is a postgres URL; PORT defaults to 0 (any free port). Once listening it prints
// `listening on <port>` on stdout, for the benchmark to read; SIGTERM or SIGINT stops it. Its two calls
// are under `/api`, at the gateway's paths, so that the benchmark calls both alike.
import express from 'express';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required');
  process.exit(2);
}
const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 });
pool.on('error', (err) => console.error('idle client error:', err.message));

const ORDER_COLUMNS = ['member_id', 'member_lastname', 'member_firstname'];
const MAX_LIMIT = 2000;

class BadRequest extends Error {}

/** A non-negative integer query parameter, `fallback` when absent. */
function intParam(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new BadRequest(`${name} must be a non-negative integer`);
  }
  return Number(value);
}

/** The searchable form of a filter: trimmed, lower-cased, accents removed (as the `search` column). */
function fold(text) {
  return text.trim().toLowerCase().normalize('NFD').replace(/\p{Diacritic}/gu, '');
}

const app = express();

app.get('/api/member/get_member/:id', async (req, res) => {
  const { id } = req.params;
  if (!/^[1-9]\d*$/.test(id) || !Number.isSafeInteger(Number(id))) {
    return res.status(400).json({ error: 'id must be a positive integer' });
  }
  const { rows } = await pool.query('SELECT * FROM members.member WHERE member_id = $1', [id]);
  if (rows.length === 0) return res.status(404).json({ error: 'not found' });
  res.json({ data: rows[0] });
});

app.get('/api/member/get.member_list', async (req, res) => {
  const q = req.query;
  const limit = intParam(q._limit, 50, '_limit');
  const offset = intParam(q._offset, 0, '_offset');
  if (limit < 1 || limit > MAX_LIMIT) throw new BadRequest(`_limit must be between 1 and ${MAX_LIMIT}`);
  const orderBy = q._orderBy === undefined || q._orderBy === '' ? 'member_id' : q._orderBy;
  if (!ORDER_COLUMNS.includes(orderBy)) {
    throw new BadRequest(`_orderBy must be one of ${ORDER_COLUMNS.join(', ')}`);
  }
  const dir = q._descending === 'true' ? 'DESC' : 'ASC';

  const params = [];
  let where = '';
  const filter = typeof q.filter === 'string' ? fold(q.filter) : '';
  if (filter !== '') {
    params.push(filter.replace(/[\\%_]/g, (c) => '\\' + c));
    where = ` WHERE search LIKE '%' || $1 || '%'`;
  }
  const n = params.length;
  const [page, count] = await Promise.all([
    pool.query(
      `SELECT * FROM members.member${where} ORDER BY ${orderBy} ${dir}, member_id ${dir}` +
        ` LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, limit, offset],
    ),
    pool.query(`SELECT count(*) FROM members.member${where}`, params),
  ]);
  res.json({ data: page.rows, total: Number(count.rows[0].count) });
});

app.use((req, res) => res.status(404).json({ error: 'not found' }));

app.use((err, req, res, next) => {
  if (err instanceof BadRequest) return res.status(400).json({ error: err.message });
  console.error(err);
  if (res.headersSent) return next(err);
  res.status(500).json({ error: err.message });
});

const server = app.listen(Number(process.env.PORT ?? 0), (err) => {
  if (err) {
    console.error(err);
    process.exit(1);
  }
  console.log(`listening on ${server.address().port}`);
});

function stop() {
  server.close(() => pool.end().finally(() => process.exit(0)));
  server.closeAllConnections();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

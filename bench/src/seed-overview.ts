import type { PortalServer } from '@scr/server';

// A transaction is a Knex too, so the seed's helpers take either.
type Db = PortalServer['knex'];

/** How much to seed: `releases` in all, of which the bench organisation holds `heldBySubject`. */
export interface SeedSize {
  releases: number;
  /** Releases per INSERT statement (progress is logged per chunk). */
  chunk: number;
}

/** The organisation whose overview is measured, and its user. */
export interface SeedSubject {
  organizationId: number;
  userId: number;
  /** How many releases (active party rows) it holds. */
  held: number;
}

/** The bench organisation's address: the seed's marker in a reused database. */
const subjectAddress = '0xbe0c000000000000000000000000000000000001';
const carriers = 12;
/** Releases are spread over three years (DESIGN §2: three years of volume are kept). */
const historyDays = 3 * 365;
const forwarders = 1000;
const hauliers = 200;

/*
 * The shape of the seeded world, as SQL over n (the release's position, 0-based):
 * - releases come in blocks of 15, split into five BLs of 1, 2, 3, 4 and 5 containers;
 * - the carrier of a block is one of 12; the block goes on to a forwarder unless block % 10 = 9
 *   (carrier still owns it); block % 10 = 3 goes to the bench organisation (10 % of all releases);
 * - 30 % of the forwarded releases go on again, to a haulier;
 * - releases are spread evenly over three years and stay valid 14 to 60 days, so about 3.5 % of
 *   them (the newest) are valid today, as in a portal that keeps three years of history.
 */
const block = (n: string) => `(${n} / 15)`;
const blIndex = (n: string) =>
  `(${block(n)} * 5 + case when ${n} % 15 < 1 then 0 when ${n} % 15 < 3 then 1 when ${n} % 15 < 6 then 2 when ${n} % 15 < 10 then 3 else 4 end)`;
const vessels = `(array['MSC','MAERSK','CMA CGM','EVER','ONE','HMM','COSCO','YM','ZIM','HAPAG'])[1 + h % 10] || ' ' || (array['ANNA','LUCIA','ISABELLA','GULSUN','OSCAR','AURORA','TESSA','MIA','ZOE','AMELIA','SOFIA','LENA','NORA','ELSA','IRIS','VERA','CLARA','ALMA','EMMA','LAURA','NINA','RITA','SARA','TINA','UMA','VIOLA','WANDA','XENIA','YARA','ZARA'])[1 + (h / 10) % 30]`;
const carrierPrefix = `(array['SOLU','MEDU','MAEU','CMDU','EGLV','ONEY','HDMU','COSU','YMLU','ZIMU','HLCU','OOLU'])`;
const ownerCodes = `(array['MSCU','MEDU','MSKU','CMAU','TGHU','TCLU','SEGU','FCIU','GESU','HLXU','TRLU','CAIU'])`;
const terminals = `(array['1742','K913','1700','869','420','K1742','913','1718'])`;

/** Whether the bench database already holds this seed (it is kept between runs). */
export async function seededSubject(db: Db, size: SeedSize): Promise<SeedSubject | null> {
  const org = await db('organizations').where({ address: subjectAddress }).first('id');
  if (!org) return null;
  // The seed's addresses are '0xbe5e' and the position in 36 hex digits, zero-padded: the
  // zeros keep out releases created since (random EIP-55 addresses, by the transfer bench).
  const [{ releases } = { releases: 0 }] = await db('releases')
    .where('address', 'like', `0xbe5e${'0'.repeat(20)}%`)
    .count({ releases: '*' });
  if (Number(releases) !== size.releases) return null;
  const user = await db('users').where({ organization_id: org.id }).first('id');
  const [{ held } = { held: 0 }] = await db('release_parties')
    .where({ organization_id: org.id, active: true })
    .count({ held: '*' });
  return { organizationId: org.id, userId: user.id, held: Number(held) };
}

/**
 * Seeds the overview's world with INSERT … SELECT generate_series (never row by row), unless it
 * is there already. Throws when the database holds a different, partial seed.
 */
export async function seedOverview(
  db: Db,
  size: SeedSize,
  log: (line: string) => void,
): Promise<SeedSubject> {
  const existing = await seededSubject(db, size);
  if (existing) {
    log(`seed present: ${size.releases} releases, the bench organisation holds ${existing.held}`);
    return existing;
  }
  if (await db('organizations').where({ address: subjectAddress }).first('id')) {
    throw new Error('The bench database holds a seed of another size; drop it and run again.');
  }
  const started = performance.now();
  // One transaction: a seed that fails half-way leaves nothing behind.
  await db.transaction(async (trx) => {
    const ids = await seedOrganizations(trx);
    const firstBl = await seedBillsOfLading(trx, size, ids);
    const offset = await nextId(trx, 'releases');
    for (let from = 0; from < size.releases; from += size.chunk) {
      const to = Math.min(size.releases, from + size.chunk) - 1;
      const range = { from, to, firstBl, releaseOffset: offset, ids };
      await seedReleases(trx, range);
      log(`  seeded releases ${from}…${to} (${Math.round(performance.now() - started)} ms)`);
    }
    await trx.raw(`select setval(pg_get_serial_sequence('releases', 'id'), ?)`, [
      offset + size.releases - 1,
    ]);
  });
  // Fresh statistics and visibility maps, as autovacuum would leave them.
  await db.raw('vacuum analyze');
  log(`seeded in ${Math.round((performance.now() - started) / 1000)} s`);
  const subject = await seededSubject(db, size);
  if (!subject) throw new Error('The seed did not complete.');
  return subject;
}

interface OrganizationIds {
  subject: number;
  firstCarrier: number;
  firstForwarder: number;
  firstHaulier: number;
}

async function seedOrganizations(db: Db): Promise<OrganizationIds> {
  const insertRange = async (role: string, name: string, kind: number, count: number) => {
    const { rows } = await db.raw(
      `insert into organizations (name, address, role, country)
       select ? || ' ' || i, '0xbe0c' || lpad(to_hex(? * 1000000 + i), 36, '0'), ?, 'BE'
         from generate_series(1, ?) i order by i
       returning id`,
      [name, kind, role, count],
    );
    return Math.min(...rows.map((row: { id: number }) => row.id));
  };
  const [subject] = await db('organizations')
    .insert({ name: 'Bench Forwarding NV', address: subjectAddress, role: 'other', country: 'BE' })
    .returning('id');
  const subjectId = (subject as { id: number }).id;
  await db('subscriptions').insert([
    { organization_id: subjectId, subscription_id: 1, start_date: '2020-01-01' },
    { organization_id: subjectId, subscription_id: 4, start_date: '2020-01-01' },
  ]);
  await db('users').insert({
    email: 'bench@bench.test',
    first_name: 'Bench',
    last_name: 'User',
    organization_id: subjectId,
    terms_accepted_at: db.fn.now(),
  });
  return {
    subject: subjectId,
    firstCarrier: await insertRange('carrier', 'Bench Carrier', 1, carriers),
    firstForwarder: await insertRange('other', 'Bench Forwarder', 2, forwarders),
    firstHaulier: await insertRange('other', 'Bench Haulier', 3, hauliers),
  };
}

async function seedBillsOfLading(db: Db, size: SeedSize, ids: OrganizationIds) {
  // Five BLs per block of 15 releases (the last block may be partial: its last BLs stay empty).
  const count = Math.ceil(size.releases / 15) * 5;
  const first = await nextId(db, 'bills_of_lading');
  await db.raw(
    `insert into bills_of_lading (id, carrier_organization_id, bl_number, port_of_loading,
       port_of_destination, vessel, agent, stay_number, lloyds_number, voyage_number,
       created_at, updated_at)
     select ${first} + k, ${ids.firstCarrier} + ((k / 5) / 10) % ${carriers},
            ${carrierPrefix}[1 + ((k / 5) / 10) % ${carriers}] || lpad(k::text, 9, '0'),
            (array['CNSHA','SGSIN','USNYC','BRSSZ','INNSA'])[1 + k % 5], 'BEANR',
            ${vessels}, 'Agency ' || (h / 300) % 40, (200000 + k % 5000)::text,
            (9100000 + (k * 7) % 800000)::text, 'FA' || lpad((k % 997)::text, 3, '0') || 'W',
            created, created
       from generate_series(0, ? - 1) k
       -- A hash of k, so that vessels and agents do not follow the block pattern.
       cross join lateral (select hashint4(k) & 2147483647 as h) hashed
       cross join lateral (select now() - make_interval(days => ${historyDays})
         + make_interval(secs => k::float8 * ${historyDays * 86400} / ${count}) as created) spread`,
    [count],
  );
  await db.raw(`select setval(pg_get_serial_sequence('bills_of_lading', 'id'), ?)`, [
    first + count - 1,
  ]);
  return first;
}

/** The id after the table's highest: the seed writes its own ids, then moves the sequence on. */
async function nextId(db: Db, table: string): Promise<number> {
  const row = await db(table).max({ id: 'id' }).first();
  return Number(row?.id ?? 0) + 1;
}

async function seedReleases(db: Db, range: SeedRange & { firstBl: number }) {
  const { from, to, firstBl, releaseOffset, ids } = range;
  const n = 'n';
  const validUntil = `b.created_at::date + 14 + (${n} * 7 % 47)::int`;
  await db.raw(
    `insert into releases (id, address, bill_of_lading_id, carrier_organization_id, bl_number,
       container_number, iso_type_code, pickup_location, pickup_port, turn_in_location,
       turn_in_reference, valid_from, valid_until, released_on, release_status,
       owner_organization_id, is_secure_pickup, created_at, updated_at)
     select ${releaseOffset} + ${n}, '0xbe5e' || lpad(to_hex(${n}), 36, '0'), b.id,
            b.carrier_organization_id, b.bl_number,
            ${ownerCodes}[1 + ${n} % 12] || lpad(((${n} * 7919 + 1234567) % 10000000)::text, 7, '0'),
            (array['20DV','40HC','45R1','40DV'])[1 + ${n} % 4],
            ${terminals}[1 + (${n} / 7) % 8], 'BEANR',
            (array['Depot Noord','Depot Zuid','MPET Empty','Kallo Depot'])[1 + ${n} % 4],
            'TI' || ${n},
            b.created_at::date, v.valid_until, b.created_at::date,
            case when v.valid_until < current_date and ${n} % 5 = 0 then 'expired'
                 when v.valid_until < current_date then 'gateout'
                 when ${n} % 97 = 0 then 'blocked'
                 else 'released' end,
            case when ${block(n)} % 10 = 9 then b.carrier_organization_id
                 when ${n} * 13 % 10 < 3 then ${ids.firstHaulier} + (${block(n)} * 17) % ${hauliers}
                 when ${block(n)} % 10 = 3 then ${ids.subject}
                 else ${ids.firstForwarder} + (${block(n)} * 31) % ${forwarders} end,
            ${n} % 5 = 0, b.created_at, b.created_at
       from generate_series(?::bigint, ?::bigint) ${n}
       join bills_of_lading b on b.id = ${firstBl} + ${blIndex(n)}
       cross join lateral (select (${validUntil}) as valid_until) v`,
    [from, to],
  );
  await seedParties(db, range);
}

interface SeedRange {
  from: number;
  to: number;
  releaseOffset: number;
  ids: OrganizationIds;
}

async function seedParties(db: Db, range: SeedRange) {
  const { ids } = range;
  const n = `(r.id - ${range.releaseOffset})`;
  const forwarded = `${block(n)} % 10 <> 9`;
  const onward = `${n} * 13 % 10 < 3`;
  const forwarder = `case when ${block(n)} % 10 = 3 then ${ids.subject} else ${ids.firstForwarder} + (${block(n)} * 31) % ${forwarders} end`;
  const haulier = `${ids.firstHaulier} + (${block(n)} * 17) % ${hauliers}`;
  const searchText = `lower(concat_ws(' ', b.bl_number, r.container_number, b.vessel, b.voyage_number, r.pickup_location, b.stay_number, b.lloyds_number, b.agent))`;
  const parties = (select: string, where: string) =>
    db.raw(
      `insert into release_parties (release_id, organization_id, position,
         received_from_organization_id, transferred_to_organization_id, transfer_status,
         bill_of_lading_id, valid_until, release_status, search_text, sort_container_number,
         sort_bl_number, sort_vessel, created_at, updated_at)
       select r.id, ${select}, r.bill_of_lading_id, r.valid_until, r.release_status,
              ${searchText}, lower(r.container_number), lower(b.bl_number), lower(b.vessel),
              r.created_at, r.created_at
         from releases r join bills_of_lading b on b.id = r.bill_of_lading_id
        where r.id between ? and ? and ${where}
        order by r.id`,
      [range.releaseOffset + range.from, range.releaseOffset + range.to],
    );
  await parties(
    `r.carrier_organization_id, 0, null,
     case when ${forwarded} then ${forwarder} end,
     case when ${forwarded} then 'transferred' else 'owned' end`,
    'true',
  );
  await parties(
    `${forwarder}, 1, r.carrier_organization_id,
     case when ${onward} then ${haulier} end,
     case when ${onward} then 'transferred'
          when ${n} % 50 = 1 then 'pinRetrieved'
          when ${n} % 20 = 2 then 'assigned' else 'owned' end`,
    forwarded,
  );
  await parties(
    `${haulier}, 2, ${forwarder}, null,
     case when ${n} % 4 = 0 then 'assigned' else 'owned' end`,
    `${forwarded} and ${onward}`,
  );
}

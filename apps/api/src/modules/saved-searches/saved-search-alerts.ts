/**
 * Saved-search alerts on the job queue (decision 0042):
 *
 * - A listing published (or back for sale) queues one match job keyed by the listing,
 *   which records a row per (saved search, listing) it matches (saved-search-matching.ts).
 * - Each person with new matches on an 'instant' search gets a send job keyed by them,
 *   due after SAVED_SEARCH_ALERT_DELAY_MINUTES on a 'short' queue: listings posted
 *   meanwhile wait in the same job, so one email lists them all.
 * - A daily job sends each person one digest of their matches still waiting: those of
 *   'daily' searches, and those of 'instant' searches past the day's cap.
 *
 * A send claims the person's waiting matches in the transaction that reads them
 * (settled, pointing at the email's row), so a job run twice, or on two instances,
 * sends them once. A mail server that fails gives them back and the job is retried.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { cpuFamilyNames } from '@laptops/shared/cpu-family-names';
import type { CpuFamily } from '@laptops/shared/laptop-specs';
import { describeSavedSearch } from '@laptops/shared/saved-searches';
import type { Db } from '../../db/client.ts';
import { savedSearchMails, savedSearchMatches } from '../../db/schema/saved-searches.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { JobDefinition, JobSender } from '../jobs/job-queue.ts';
import { unsubscribeToken } from '../users/unsubscribe-token.ts';
import { savedSearchAlertEmail, type AlertSearch } from './saved-search-alert.mail.ts';
import { matchListing } from './saved-search-matching.ts';
import { filtersOf } from './saved-searches.service.ts';

export const MATCH_JOB = 'saved-search-match';
export const INSTANT_JOB = 'saved-search-instant';
export const DIGEST_JOB = 'saved-search-digest';

/** Instant emails one person gets per 24 hours; past it, matches wait for the digest. */
export const INSTANT_EMAILS_PER_DAY = 10;

/** Laptops one email lists per search; the results link shows the rest. */
const LAPTOPS_PER_SEARCH = 10;

export type AlertDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The app's secret, which signs the unsubscribe links. */
  secret: string;
  /** Queues the instant emails; without it (no queue), matches wait for the digest. */
  sender?: JobSender;
  /** How long after a match its instant email goes, gathering others meanwhile. */
  delayMs: number;
};

export const unsubscribeSavedSearchesPath = '/api/unsubscribe/saved-searches';

/** The mailing list of some saved searches: a token for it stops exactly those. */
export const savedSearchList = (ids: string[]) => `saved-search:${[...ids].sort().join(',')}`;

export function unsubscribeUrl(
  deps: Pick<AlertDeps, 'publicUrl' | 'secret'>,
  userId: string,
  ids: string[],
) {
  const sorted = [...ids].sort();
  const params = new URLSearchParams({
    ids: sorted.join(','),
    token: unsubscribeToken(deps.secret, userId, savedSearchList(sorted)),
  });
  return `${deps.publicUrl}${unsubscribeSavedSearchesPath}?${params}`;
}

/** Queues the matching of a listing just published, once per listing across instances. */
export function queueListingMatch(sender: JobSender, productId: string): Promise<boolean> {
  return sender.send({
    name: MATCH_JOB,
    data: { productId },
    startAfter: new Date(),
    singletonKey: productId,
  });
}

const matchData = z.object({ productId: z.uuid() });
const instantData = z.object({ userId: z.string().min(1) });

/** The three jobs: matching a listing, a person's instant email, the daily digest. */
export function savedSearchJobs(deps: AlertDeps, digestCron: string): JobDefinition[] {
  return [
    {
      name: MATCH_JOB,
      policy: 'short',
      async run(log, _jobId, data) {
        const parsed = matchData.safeParse(data);
        if (!parsed.success) return log.warn({ data }, 'saved search match: a job with bad data');
        await matchAndQueue(deps, parsed.data.productId);
      },
    },
    {
      name: INSTANT_JOB,
      policy: 'short',
      async run(log, _jobId, data) {
        const parsed = instantData.safeParse(data);
        if (!parsed.success) return log.warn({ data }, 'saved search alert: a job with bad data');
        const sent = await sendAlerts(deps, parsed.data.userId, 'instant', log);
        if (sent) log.info({ matches: sent }, 'saved search alert sent');
      },
    },
    {
      name: DIGEST_JOB,
      cron: digestCron,
      async run(log) {
        const sent = await sendDigests(deps, log);
        log.info({ sent }, 'saved search digests sent');
      },
    },
  ];
}

/** Matches the listing and queues the instant emails it calls for. */
export async function matchAndQueue(deps: AlertDeps, productId: string): Promise<void> {
  const { instant } = await matchListing(deps.db, productId);
  if (!deps.sender) return;
  for (const userId of instant) {
    // False when one is already waiting for this person: it will take these too.
    await deps.sender.send({
      name: INSTANT_JOB,
      data: { userId },
      startAfter: new Date(Date.now() + deps.delayMs),
      singletonKey: userId,
    });
  }
}

/** Sends every person with waiting matches their digest; answers how many were sent. */
export async function sendDigests(deps: AlertDeps, log: FastifyBaseLogger): Promise<number> {
  const result = await deps.db.execute(
    sql`select distinct user_id from saved_search_matches where settled_at is null`,
  );
  let sent = 0;
  for (const { user_id: userId } of (result as unknown as { rows: { user_id: string }[] }).rows) {
    // One person's mail server refusing does not hold back everyone else's digest.
    try {
      if (await sendAlerts(deps, userId, 'daily', log)) sent++;
    } catch (error) {
      log.warn({ err: error, userId }, 'saved search digest not sent; tried again tomorrow');
    }
  }
  return sent;
}

type Waiting = {
  saved_search_id: string;
  product_id: string;
  params: string;
  category_name: string | null;
  frequency: 'instant' | 'daily';
  search_off: boolean;
  laptop_name: string;
  price_cents: number;
  for_sale: boolean;
};

type Claim = { mailId: string; mail: Parameters<typeof savedSearchAlertEmail>[0]; count: number };

/**
 * Emails the person their waiting matches: an instant email takes those of their
 * 'instant' searches (unless they had INSTANT_EMAILS_PER_DAY already), a digest all
 * of them. Answers how many laptops it listed (0: no email).
 */
export async function sendAlerts(
  deps: AlertDeps,
  userId: string,
  kind: 'instant' | 'daily',
  log: FastifyBaseLogger,
): Promise<number> {
  const claim = await deps.db.transaction((tx) => claimMatches(tx, deps, userId, kind));
  if (!claim) return 0;
  try {
    await deps.mailer.send(savedSearchAlertEmail(claim.mail));
    return claim.count;
  } catch (error) {
    // Given back: the retry (or the next digest) sends them.
    await deps.db.transaction(async (tx) => {
      await tx
        .update(savedSearchMatches)
        .set({ settledAt: null, mailId: null })
        .where(eq(savedSearchMatches.mailId, claim.mailId));
      await tx.delete(savedSearchMails).where(eq(savedSearchMails.id, claim.mailId));
    });
    log.warn({ err: error }, 'saved search email not sent; it will be tried again');
    throw error;
  }
}

async function claimMatches(
  tx: Db,
  deps: AlertDeps,
  userId: string,
  kind: 'instant' | 'daily',
): Promise<Claim | null> {
  const [person] = (
    (await tx.execute(sql`
      select email, name, deleted_at is not null as gone,
        (select count(*)::int from saved_search_mails
          where user_id = ${userId} and kind = 'instant'
            and sent_at > now() - interval '24 hours') as instant_today
      from users where id = ${userId} for update`)) as unknown as {
      rows: { email: string; name: string; gone: boolean; instant_today: number }[];
    }
  ).rows;
  if (!person) return null;
  if (kind === 'instant' && person.instant_today >= INSTANT_EMAILS_PER_DAY) return null;
  const waiting = (
    (await tx.execute(sql`
      select m.saved_search_id, m.product_id, s.params, c.name as category_name, s.frequency,
        s.unsubscribed_at is not null as search_off,
        p.name as laptop_name, p.resale_price_cents as price_cents,
        (p.deleted_at is null and p.status = 'available') as for_sale
      from saved_search_matches m
      join saved_searches s on s.id = m.saved_search_id
      join products p on p.id = m.product_id
      left join categories c on c.id = s.category_id
      where m.user_id = ${userId} and m.settled_at is null
        ${kind === 'instant' ? sql`and s.frequency = 'instant'` : sql``}
      order by s.created_at, s.id, p.date_of_post desc, p.id
      for update of m`)) as unknown as { rows: Waiting[] }
  ).rows;
  if (waiting.length === 0) return null;
  const listed = person.gone ? [] : waiting.filter((row) => row.for_sale && !row.search_off);
  const settle = (rows: Waiting[], mailId: string | null) =>
    rows.length === 0
      ? Promise.resolve()
      : tx
          .update(savedSearchMatches)
          .set({ settledAt: sql`now()`, mailId })
          .where(
            and(
              eq(savedSearchMatches.userId, userId),
              sql`(${savedSearchMatches.savedSearchId}, ${savedSearchMatches.productId}) in (${sql.join(
                rows.map((row) => sql`(${row.saved_search_id}::uuid, ${row.product_id}::uuid)`),
                sql`, `,
              )})`,
            ),
          );
  // Let go: sold or withdrawn since, a search whose emails were turned off, a person gone.
  await settle(
    waiting.filter((row) => !listed.includes(row)),
    null,
  );
  if (listed.length === 0) return null;
  const [mail] = await tx
    .insert(savedSearchMails)
    .values({ userId, kind })
    .returning({ id: savedSearchMails.id });
  if (!mail) throw new Error('saved search mail insert returned no row');
  await settle(listed, mail.id);
  const searchIds = [...new Set(listed.map((row) => row.saved_search_id))];
  await tx.execute(sql`
    update saved_searches set alerted_until = now()
      ${kind === 'daily' ? sql`, last_digest_at = now()` : sql``}
    where id in (${sql.join(
      searchIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);

  const searches: AlertSearch[] = searchIds.map((id) => {
    const rows = listed.filter((row) => row.saved_search_id === id);
    const first = rows[0] as Waiting;
    return {
      description: describeSavedSearch(
        filtersOf(first.params),
        first.category_name,
        (cpu) => cpuFamilyNames[cpu as CpuFamily] ?? cpu,
      ),
      resultsUrl: `${deps.publicUrl}/search?${first.params}`,
      unsubscribeUrl: unsubscribeUrl(deps, userId, [id]),
      laptops: rows.slice(0, LAPTOPS_PER_SEARCH).map((row) => ({
        name: row.laptop_name,
        priceCents: row.price_cents,
        url: `${deps.publicUrl}/laptops/${row.product_id}`,
      })),
    };
  });
  return {
    mailId: mail.id,
    count: listed.length,
    mail: {
      to: person.email,
      recipientName: person.name,
      kind,
      searches,
      manageUrl: `${deps.publicUrl}/dashboard/saved-searches`,
      unsubscribeUrl: unsubscribeUrl(deps, userId, searchIds),
    },
  };
}

/** Turns off the emails of the token's saved searches (theirs only); idempotent. */
export async function unsubscribeSearches(db: Db, userId: string, ids: string[]): Promise<void> {
  await db.execute(sql`
    update saved_searches set unsubscribed_at = coalesce(unsubscribed_at, now())
    where user_id = ${userId} and id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
}

/**
 * A listing's serial number as it is saved: hashed, checked against the stolen marks,
 * and marked as read from the device when one of the seller's report tokens read it.
 * Called by the listing's create and edit, inside their transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { serialMessages } from '@laptops/shared/serial-checks';
import type { Db } from '../../db/client.ts';
import { stolenSerials } from '../../db/schema/serial-checks.ts';
import { HttpError } from '../../lib/http-error.ts';
import { reportReadSerial } from '../hardware-reports/report-token.ts';
import { serialHash } from './serial-hash.ts';

export type SerialSecrets = {
  /** Keys the serials' hashes (SERIAL_HASH_SECRET). */
  serialSecret: string;
  /** Signs the report tokens (AUTH_SECRET, as report-token.ts). */
  reportSecret: string;
};

/**
 * One serial's turn: listing it, marking it stolen and the trigger that keeps
 * `serial_checked` wait for each other, so a stolen mark and a new listing of the same
 * serial never both pass (each would otherwise check before the other committed).
 */
export async function lockSerial(tx: Db, hash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`serial:${hash}`}))`);
}

export async function isStolen(tx: Db, hash: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: stolenSerials.id })
    .from(stolenSerials)
    .where(eq(stolenSerials.serialHash, hash));
  return row !== undefined;
}

/**
 * The columns for a serial being saved: its hash and whether a report read it; a
 * serial reported stolen is refused (422, and the transaction saves nothing). The
 * serial itself goes no further than this function.
 */
export async function serialColumns(
  tx: Db,
  secrets: SerialSecrets,
  sellerId: string,
  serial: string,
  deviceReports: readonly string[] | undefined,
): Promise<{ serialHash: string; serialFromDevice: boolean }> {
  const hash = serialHash(secrets.serialSecret, serial);
  await lockSerial(tx, hash);
  if (await isStolen(tx, hash)) {
    throw new HttpError(422, 'SERIAL_STOLEN', serialMessages.stolen, {
      serialNumber: serialMessages.stolen,
    });
  }
  return {
    serialHash: hash,
    serialFromDevice: reportReadSerial(secrets.reportSecret, sellerId, deviceReports, hash),
  };
}

import { createHmac } from 'node:crypto';
import { normaliseSerial } from '@laptops/shared/serial-checks';

/**
 * The only form a serial number is kept in: HMAC-SHA256 of its normalised text under
 * SERIAL_HASH_SECRET, base64url (43 characters). Keyed, so that a leaked database does
 * not let anyone test serials against it (serials are short and often sequential: a
 * plain hash of every possible one is within reach).
 */
export function serialHash(secret: string, serial: string): string {
  return createHmac('sha256', secret)
    .update(`serial:${normaliseSerial(serial)}`)
    .digest('base64url');
}

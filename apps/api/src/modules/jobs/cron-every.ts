/**
 * The cron expression (UTC) for "every `minutes` minutes", for periods that divide an
 * hour (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30) or a day in whole hours (60, 120, 180,
 * 240, 360, 480, 720, 1440); undefined for others, which cron cannot space evenly.
 */
export function cronEvery(minutes: number): string | undefined {
  if (!Number.isInteger(minutes) || minutes < 1) return undefined;
  if (minutes < 60) return 60 % minutes === 0 ? `*/${minutes} * * * *` : undefined;
  const hours = minutes / 60;
  if (!Number.isInteger(hours) || 24 % hours !== 0) return undefined;
  if (hours === 1) return '0 * * * *';
  return hours === 24 ? '0 0 * * *' : `0 */${hours} * * *`;
}

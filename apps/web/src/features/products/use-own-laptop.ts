import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import type { SessionUser } from '@laptops/shared/auth';
import { sessionKeys } from '../../lib/query-keys.ts';

const nobody = () => null;

/**
 * Whether the signed-in person sells this laptop (its seller's account is theirs): they
 * are not offered to report it, as the server refuses it. Reads the session the navbar
 * has already asked for, without asking again; outside a query client, or before the
 * session is known, nobody is signed in. Server-rendered pages know nobody either.
 */
export function useIsOwnLaptop(sellerId: string | null | undefined): boolean {
  const client = useContext(QueryClientContext);
  const subscribe = useCallback(
    (onChange: () => void) => client?.getQueryCache().subscribe(onChange) ?? (() => {}),
    [client],
  );
  const viewerId = useSyncExternalStore(
    subscribe,
    () => client?.getQueryData<SessionUser | null>(sessionKeys.all)?.id ?? null,
    nobody,
  );
  return Boolean(sellerId && viewerId && sellerId === viewerId);
}

import type {
  MutationCacheNotifyEvent,
  QueryCacheNotifyEvent,
  QueryClient,
} from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { LoginState } from '../../features/auth/return-to.ts';
import { isSessionEnded } from '../../lib/api-client.ts';
import { sessionKeys } from '../../lib/query-keys.ts';
import { roleNeeded } from './role-handle.ts';

/**
 * When the session this tab held has ended elsewhere (signed out everywhere, a
 * password reset, the account deleted), the next refusal for it takes the person to
 * log in, saying so, and back to the page they were on afterwards. The login page
 * then forgets the session: forgotten here, the page still drawn would see nobody
 * signed in and its guard would send them to log in too, saying nothing. A guest's
 * refusals are left to the screens (nobody is signed in), and one ending is handled
 * once however many requests it refused.
 */
export function sendToLoginWhenSignedOut(queryClient: QueryClient, router: DataRouter) {
  let handled: unknown = null;
  const onEvent = (event: QueryCacheNotifyEvent | MutationCacheNotifyEvent) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (!isSessionEnded(event.action.error)) return;
    const user = queryClient.getQueryData(sessionKeys.all);
    if (!user || user === handled) return;
    handled = user;
    const { location, matches } = router.state;
    const role = roleNeeded(matches.map((match) => match.route.handle));
    // Written out rather than by loginState(): that module loads with the login page.
    const state: LoginState = { from: location, ...(role && { role }), signedOut: true };
    void router.navigate(paths.login.getHref(), { replace: true, state });
  };
  queryClient.getQueryCache().subscribe(onEvent);
  queryClient.getMutationCache().subscribe(onEvent);
}

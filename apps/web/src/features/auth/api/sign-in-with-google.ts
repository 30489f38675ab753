import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { authRequest } from './auth-request.ts';

/** Starts the Google (OpenID Connect) sign-in; the browser leaves for Google and comes back to `returnTo`. */
export async function signInWithGoogle(returnTo: string) {
  const { url } = await authRequest(
    '/sign-in/social',
    { provider: 'google', callbackURL: returnTo, errorCallbackURL: paths.login.getHref('google') },
    z.object({ url: z.string() }),
  );
  window.location.assign(url);
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}

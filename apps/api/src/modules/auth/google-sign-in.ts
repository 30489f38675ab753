/**
 * Google sign-in (OpenID Connect through better-auth's generic OAuth plugin), on when
 * the server is given a Google client. It always makes a buyer.
 */
import { genericOAuth } from 'better-auth/plugins';
import { personNameSchema } from '@laptops/shared/auth';

export type GoogleOptions = { clientId: string; clientSecret: string | undefined; issuer: string };

/**
 * A Google account's name, held to sign-up's rule (the provider's may be blank or very
 * long); failing it, the part of the email before the @.
 */
export function nameFromProfile(profile: { name?: unknown; email?: unknown }): string {
  const name = personNameSchema.safeParse(profile.name);
  if (name.success) return name.data;
  const local =
    String(profile.email ?? '')
      .split('@')[0]
      ?.trim() ?? '';
  return local.slice(0, 100) || 'Buyer';
}

export function googleSignIn(google: GoogleOptions) {
  return genericOAuth({
    config: [
      {
        providerId: 'google',
        discoveryUrl: `${google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        // Google sign-in always creates a buyer: it has no role to choose.
        mapProfileToUser: (profile) => ({
          name: nameFromProfile(profile),
          typeOfUser: 'buyer',
        }),
      },
    ],
  });
}

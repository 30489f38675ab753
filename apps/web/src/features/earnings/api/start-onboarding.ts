import { useMutation } from '@tanstack/react-query';
import { onboardingLinkSchema } from '@laptops/shared/payouts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/payout-account/onboarding: the link to Stripe's payout form (in test mode,
 * the in-app Test mode page), made afresh each time: Stripe's links work once.
 */
export function startOnboarding() {
  return apiRequest('/api/payout-account/onboarding', onboardingLinkSchema, { method: 'POST' });
}

/** Sends the browser to the form once the link is made; it comes back to Earnings. */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: startOnboarding,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

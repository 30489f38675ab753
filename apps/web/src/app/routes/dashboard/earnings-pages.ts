/**
 * The Earnings page and test mode's onboarding page, loaded together as one chunk. As
 * a chunk of its own, the onboarding page (mutations, no queries) made the bundler
 * split TanStack Query's chunk that Home downloads in two, which cost Home 0.45 KB
 * (gzip) of its budget (decision 0015).
 */
export { EarningsPage } from './earnings.tsx';
export { TestOnboardingPage } from './test-onboarding.tsx';

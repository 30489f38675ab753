import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster.tsx';

/** How long each kind of toast stays, in ms (react-hot-toast also caps visible toasts at 20). */
export const toastDurations = {
  success: 2000,
  error: 4000,
  blank: 4000,
  custom: 4000,
  loading: Infinity,
};

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        toastOptions={{
          duration: toastDurations.blank,
          success: { duration: toastDurations.success },
          error: { duration: toastDurations.error },
          loading: { duration: toastDurations.loading },
        }}
      />
    </QueryClientProvider>
  );
}

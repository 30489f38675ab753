import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster, toastDurations } from '../components/ui/toaster.tsx';

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

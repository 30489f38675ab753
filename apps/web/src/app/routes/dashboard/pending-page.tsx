import { messages } from '../../../lib/messages.ts';

/**
 * A dashboard screen whose feature has not landed yet (selling, booking and admin
 * moderation each come with their own issue). Its route and guard are real.
 */
export function PendingPage({ title }: { title: string }) {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="text-base-content/75">{messages.dashboard.pending}</p>
    </section>
  );
}

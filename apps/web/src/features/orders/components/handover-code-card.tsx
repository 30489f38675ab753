import { useId } from 'react';
import { orderPageMessages as t } from '../order-page-messages.ts';

/**
 * The buyer's handover code, large enough to show across a table: two groups of three
 * digits on screen, read out digit by digit by screen readers.
 */
export function HandoverCodeCard({ code }: { code: string }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-box border-2 border-primary/40 bg-base-100 p-5 text-center shadow-sm"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {t.code.title}
      </h2>
      <p className="my-3 font-mono text-5xl font-bold tracking-[0.15em] whitespace-nowrap tabular-nums xl:text-6xl">
        <span aria-hidden="true">
          {code.slice(0, 3)}
          <span className="inline-block w-[0.4em]" />
          {code.slice(3)}
        </span>
        <span className="sr-only">{t.code.spoken(code)}</span>
      </p>
      <p className="font-medium">{t.code.show}</p>
      <p className="mt-1 text-sm text-base-content/75">{t.code.keep}</p>
    </section>
  );
}

import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { laptopPageMessages as t } from '../laptop-page-messages.ts';

/** What protects a buyer who books this laptop, beside the button that books it. */
export function BuyerProtection() {
  return (
    <section
      aria-labelledby="buyer-protection"
      className="rounded-box bg-success/10 p-4 text-sm text-base-content"
    >
      <h2 id="buyer-protection" className="mb-2 flex items-center gap-2 font-semibold">
        <svg viewBox="0 0 24 24" className="size-5 text-success" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
            d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z"
          />
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M8.5 12l2.5 2.5 4.5-5"
          />
        </svg>
        {t.protection}
      </h2>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {t.protectionPoints.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <Link to={`${paths.faq.getHref()}#protection`} className="link mt-2 inline-block">
        {t.protectionLink}
      </Link>
    </section>
  );
}

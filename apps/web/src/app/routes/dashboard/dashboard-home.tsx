import { Link } from 'react-router';
import { useSession } from '../../../lib/get-session.ts';
import { dashboardMenu } from '../../layouts/dashboard-layout.tsx';
import { dashboardMessages } from '../../layouts/dashboard-messages.ts';

/** /dashboard: the welcome, with a way to each of the user's pages. */
export function DashboardHomeRoute() {
  const { data: user } = useSession();
  if (!user) return null;
  const t = dashboardMessages;
  return (
    <section className="flex flex-col items-center gap-6 py-6 text-center">
      {/* A picture only: the heading below says what the page is. */}
      <svg viewBox="0 0 320 180" className="w-full max-w-sm" aria-hidden="true">
        <rect x="20" y="20" width="280" height="140" rx="14" className="fill-base-200" />
        <rect x="36" y="36" width="70" height="108" rx="8" className="fill-secondary" />
        <rect x="46" y="52" width="50" height="8" rx="4" className="fill-primary" />
        <rect x="46" y="70" width="40" height="6" rx="3" fill="#fff" opacity="0.6" />
        <rect x="46" y="84" width="44" height="6" rx="3" fill="#fff" opacity="0.6" />
        <rect x="46" y="98" width="36" height="6" rx="3" fill="#fff" opacity="0.6" />
        <rect x="120" y="36" width="164" height="46" rx="8" className="fill-base-100" />
        <rect x="120" y="92" width="78" height="52" rx="8" className="fill-base-100" />
        <rect x="206" y="92" width="78" height="52" rx="8" className="fill-base-100" />
        <path
          d="M132 132l16-14 14 8 16-16 12 8"
          fill="none"
          stroke="#f97316"
          strokeWidth="4"
          strokeLinecap="round"
        />
        <text
          x="202"
          y="64"
          textAnchor="middle"
          className="fill-base-content"
          fontSize="15"
          fontWeight="700"
        >
          {t.welcomeGraphic}
        </text>
        <rect x="220" y="108" width="50" height="8" rx="4" className="fill-accent" />
        <rect x="220" y="122" width="34" height="8" rx="4" className="fill-base-300" />
      </svg>
      <div>
        <h1 className="text-3xl font-bold">{t.welcome(user.name)}</h1>
        <p className="mt-2 text-base-content/75">{t.welcomeText}</p>
      </div>
      <ul className="flex flex-wrap justify-center gap-3">
        {dashboardMenu(user.typeOfUser).map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="btn btn-outline">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

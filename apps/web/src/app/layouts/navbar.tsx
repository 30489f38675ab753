import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { LineIcon } from '../../components/ui/line-icon.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/get-session.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { NavbarSearch } from '../../features/search/components/navbar-search.tsx';
import { heartPath } from '../../features/products/components/save-heart.tsx';
import { useUnreadCount } from '../../features/conversations/api/get-unread-count.ts';
import { useLiveEvents } from '../../features/conversations/live/use-live-events.ts';
import { messages } from '../../lib/messages.ts';
import { prerenderedMark } from '../../first-paint/prerendered-mark.ts';
import { toastLater } from '../../components/ui/toast-later.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-field px-3 py-2 font-medium transition hover:bg-base-200 ${isActive ? 'text-primary' : ''}`;

type PrerenderedToggle = {
  /** Whether it was tapped open (first-paint/start-after-paint.js keeps its aria-expanded). */
  opened: () => boolean;
  subscribe: (onChange: () => void) => () => void;
};

const noToggle: PrerenderedToggle = { opened: () => false, subscribe: () => () => {} };

/**
 * The phone menu's button in the HTML the build wrote (the page's first paint), found
 * at the first render: a tap on it before the app ran opens the app's menu.
 */
function takePrerenderedToggle(): PrerenderedToggle {
  if (typeof document === 'undefined') return noToggle;
  const button = document.querySelector('#root button[data-prerendered-toggle]');
  if (!button) return noToggle;
  return {
    opened: () => button.getAttribute('aria-expanded') === 'true',
    subscribe: (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(button, { attributes: true, attributeFilter: ['aria-expanded'] });
      return () => observer.disconnect();
    },
  };
}

/**
 * The navbar: Home and Blogs; Log in when signed out; Messages (with the unread count),
 * Dashboard, the avatar and Log out when signed in.
 */
export function Navbar() {
  const [prerendered] = useState(takePrerenderedToggle);
  // Open if it was tapped before the app ran (React renders again before replacing
  // the HTML's button if that changes meanwhile), then as the app's button says.
  const openedEarly = useSyncExternalStore(prerendered.subscribe, prerendered.opened, () => false);
  const [toggled, setMenuOpen] = useState<boolean>();
  const menuOpen = toggled ?? openedEarly;
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const t = messages.nav;
  const { data: user } = useSession();
  useLiveEvents(Boolean(user));
  const unread = useUnreadCount(Boolean(user)).data?.count ?? 0;
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const logOut = () => {
    setMenuOpen(false);
    signOut.run().then(
      () => {
        toastLater.success(t.loggedOut);
        void navigate(paths.home.getHref());
      },
      (error: Error) => toastLater.error(error.message),
    );
  };

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus inside the menu would be left on nothing: the menu's button takes it.
      if (document.getElementById(menuId)?.contains(document.activeElement))
        toggle.current?.focus();
      setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, menuId]);

  const messagesHref = paths.dashboard.messages.getHref();
  // On the messages pages Messages is the current link, not Dashboard too.
  const current = (link: { to: string }, isActive: boolean) =>
    isActive && !(link.to !== messagesHref && pathname.startsWith(messagesHref));
  const links: { to: string; label: string; end: boolean; unread?: number }[] = [
    { to: paths.home.getHref(), label: t.home, end: true },
    { to: paths.blogs.getHref(), label: t.blogs, end: false },
    ...(user
      ? [
          { to: messagesHref, label: t.messages, end: false, unread },
          { to: paths.dashboard.root.getHref(), label: t.dashboard, end: false },
        ]
      : [{ to: paths.login.getHref(), label: t.login, end: false }]),
  ];
  // The count is read out as part of the link's name, not as a stray number.
  const linkName = (link: (typeof links)[number]) =>
    link.unread ? `${link.label}${t.unread(link.unread)}` : undefined;
  const linkText = (link: (typeof links)[number]) => (
    <>
      {link.label}
      {link.unread ? (
        <span className="badge badge-primary badge-sm ml-1.5" aria-hidden="true">
          {link.unread > 99 ? '99+' : link.unread}
        </span>
      ) : null}
    </>
  );

  const account = user && (
    <>
      {user.typeOfUser === 'buyer' && (
        <Link
          to={paths.dashboard.saved.getHref()}
          aria-label={t.saved}
          title={t.saved}
          className="btn btn-circle text-error btn-ghost btn-sm"
          onClick={() => setMenuOpen(false)}
        >
          <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
            <path fill="none" stroke="currentColor" strokeWidth="2" d={heartPath} />
          </svg>
        </Link>
      )}
      <Link
        to={paths.dashboard.profile.getHref()}
        aria-label={`${t.profile}: ${user.name}`}
        onClick={() => setMenuOpen(false)}
      >
        <Avatar name={user.name} image={user.image} size={36} />
      </Link>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={logOut}
        disabled={signOut.isPending}
      >
        {t.logout}
      </button>
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link
          to={paths.home.getHref()}
          className="flex items-center gap-2 text-lg font-extrabold tracking-tight"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span>
            Laptop<span className="text-primary">Resale</span>
          </span>
        </Link>

        <NavbarSearch className="ml-auto hidden max-w-xs flex-1 md:flex" />

        <ul className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) => linkClass({ isActive: current(link, isActive) })}
                aria-label={linkName(link)}
              >
                {linkText(link)}
              </NavLink>
            </li>
          ))}
          {account && <li className="ml-2 flex items-center gap-3">{account}</li>}
        </ul>

        <button
          ref={toggle}
          type="button"
          className="btn btn-ghost btn-square relative ml-auto md:hidden"
          aria-label={menuOpen ? t.closeMenu : `${t.openMenu}${unread ? t.unread(unread) : ''}`}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen(!menuOpen)}
          data-prerendered-toggle={prerenderedMark}
        >
          <LineIcon name={menuOpen ? 'close' : 'menu'} className="size-6" />
          {unread > 0 && !menuOpen && (
            <span
              className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-primary"
              aria-hidden="true"
            />
          )}
        </button>
      </nav>

      {menuOpen && (
        <ul
          id={menuId}
          className="flex flex-col gap-1 border-t border-base-300 px-4 py-3 md:hidden"
        >
          <li className="pb-2">
            <NavbarSearch className="w-full" onDone={() => setMenuOpen(false)} />
          </li>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `block ${linkClass({ isActive: current(link, isActive) })}`
                }
                aria-label={linkName(link)}
                onClick={() => setMenuOpen(false)}
              >
                {linkText(link)}
              </NavLink>
            </li>
          ))}
          {account && <li className="flex items-center gap-3 px-3 pt-2">{account}</li>}
        </ul>
      )}
    </header>
  );
}

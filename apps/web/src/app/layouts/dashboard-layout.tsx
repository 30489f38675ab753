import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { NavLink, Outlet } from 'react-router';
import type { UserType } from '@laptops/shared/auth';
import { Avatar } from '../../components/ui/avatar.tsx';
import { LineIcon } from '../../components/ui/line-icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { dashboardPaths } from '../../config/dashboard-paths.ts';
import { useSession } from '../../lib/get-session.ts';
import { dashboardMessages } from './dashboard-messages.ts';

type MenuItem = { to: string; label: string };

/** The dashboard's side menu: what each role may open. */
function dashboardMenu(role: UserType): MenuItem[] {
  const t = dashboardMessages.menu;
  const dashboard = paths.dashboard;
  switch (role) {
    case 'buyer':
      return [
        { to: dashboard.myOrders.getHref(), label: t.myOrders },
        { to: dashboard.saved.getHref(), label: t.saved },
      ];
    case 'seller':
      return [
        { to: dashboard.addProduct.getHref(), label: t.addProduct },
        { to: dashboard.myProducts.getHref(), label: t.myProducts },
        { to: dashboard.myBuyers.getHref(), label: t.myBuyers },
        { to: dashboard.earnings.getHref(), label: t.earnings },
      ];
    case 'admin':
      return [
        { to: dashboard.allSellers.getHref(), label: t.allSellers },
        { to: dashboard.allBuyers.getHref(), label: t.allBuyers },
        { to: dashboard.allUsers.getHref(), label: t.allUsers },
        { to: dashboard.reportedItems.getHref(), label: t.reportedItems },
        { to: dashboard.reportedConversations.getHref(), label: t.reportedConversations },
        { to: dashboard.disputes.getHref(), label: t.disputes },
        { to: dashboard.reviewReports.getHref(), label: t.reviewReports },
        { to: dashboardPaths.photoVerifications.getHref(), label: t.photoVerifications },
        { to: dashboardPaths.serialChecks.getHref(), label: t.serialChecks },
        { to: dashboard.money.getHref(), label: t.money },
        { to: dashboard.activity.getHref(), label: t.activity },
      ];
  }
}

/**
 * Focuses `element` as soon as it can take focus: daisyUI's drawer becomes visible a
 * moment after it is opened (a transition), and a hidden button ignores focus().
 * Gives up after about half a second; the returned function stops it early.
 */
function focusOnceShown(element: HTMLElement | null) {
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    element?.focus();
    if (element && document.activeElement !== element && ++tries < 30) {
      frame = requestAnimationFrame(attempt);
    }
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/** A side drawer (always open on wide screens) plus the content area. */
export function DashboardLayout() {
  const session = useSession();
  const drawerId = useId();
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const returnFocus = useRef(true);
  // The phone drawer takes focus when it opens and gives it back to its button when it
  // closes (by its ✕, Escape or a tap beside it), so keyboard users stay in place; a
  // link chosen in it leaves focus to the page it opens.
  useEffect(() => {
    const closing = wasOpen.current && !open;
    wasOpen.current = open;
    if (open) {
      const closeOnEscape = (event: KeyboardEvent) => {
        if (event.key === 'Escape') setOpen(false);
      };
      document.addEventListener('keydown', closeOnEscape);
      // Widened to a desktop, the menu is a column again: the drawer state must not
      // linger (it keeps the page inert).
      const desktop = window.matchMedia('(min-width: 64rem)');
      const closeOnDesktop = () => desktop.matches && setOpen(false);
      desktop.addEventListener('change', closeOnDesktop);
      // The drawer covers the whole screen, the site's navbar and footer included:
      // they take no focus either while it is open (the page's content is inert below).
      const covered = [...document.querySelectorAll('header, footer')];
      for (const element of covered) element.setAttribute('inert', '');
      const stopFocusing = focusOnceShown(closeButton.current);
      return () => {
        document.removeEventListener('keydown', closeOnEscape);
        desktop.removeEventListener('change', closeOnDesktop);
        for (const element of covered) element.removeAttribute('inert');
        stopFocusing();
      };
    }
    if (closing && returnFocus.current) openButton.current?.focus();
    returnFocus.current = true;
  }, [open]);
  const user = session.data;
  if (!user) return <Spinner />;

  const followLink = (event: MouseEvent<HTMLAnchorElement>) => {
    // The page already shown does not change: focus goes back to the menu button.
    returnFocus.current = event.currentTarget.getAttribute('aria-current') === 'page';
    setOpen(false);
  };
  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');
  const items = [
    ...dashboardMenu(user.typeOfUser),
    ...(user.typeOfUser === 'admin'
      ? []
      : [
          {
            to: paths.dashboard.savedSearches.getHref(),
            label: dashboardMessages.menu.savedSearches,
          },
        ]),
    { to: paths.dashboard.messages.getHref(), label: dashboardMessages.menu.messages },
    { to: paths.dashboard.profile.getHref(), label: dashboardMessages.menu.profile },
  ];

  return (
    <div className="drawer lg:drawer-open -mx-4 -mt-6 -mb-22 min-h-svh w-auto">
      <input
        id={drawerId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        aria-hidden="true"
        tabIndex={-1}
      />
      {/* While the phone drawer is open, the page under it takes no focus or taps. */}
      <div className="drawer-content px-4 pt-6 pb-22 lg:px-8" inert={open || undefined}>
        <button
          ref={openButton}
          type="button"
          className="btn btn-outline btn-sm mb-4 lg:hidden"
          aria-expanded={open}
          aria-controls={`${drawerId}-side`}
          onClick={() => setOpen(true)}
        >
          <LineIcon name="menu" className="size-4" />
          {dashboardMessages.openMenu}
        </button>
        <Outlet />
      </div>
      {/* On wide screens the side column runs the whole height of the page (daisyUI
          makes it one screen tall), and its menu stays in view below the navbar. */}
      <div
        className="drawer-side z-40 lg:static lg:z-auto lg:h-auto lg:overflow-visible"
        id={`${drawerId}-side`}
      >
        {/* A tap beside the drawer closes it; keyboards and screen readers have the
            close button (an aria-label is not allowed on a label). */}
        {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- hidden from assistive technology on purpose */}
        <label htmlFor={drawerId} aria-hidden="true" className="drawer-overlay" />
        <nav
          aria-label={dashboardMessages.menuLabel}
          className="min-h-full w-72 border-r border-base-300 bg-base-200 p-4"
        >
          <div className="lg:sticky lg:top-20">
            <div className="mb-4 flex items-center gap-3 px-2">
              <Avatar name={user.name} image={user.image} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{user.name}</p>
                <p className="text-sm capitalize text-base-content/75">{user.typeOfUser}</p>
              </div>
              <button
                ref={closeButton}
                type="button"
                className="btn btn-ghost btn-square lg:hidden"
                aria-label={dashboardMessages.closeMenu}
                onClick={() => setOpen(false)}
              >
                <LineIcon name="close" className="size-5" />
              </button>
            </div>
            <ul className="menu w-full gap-1 p-0">
              <li>
                <NavLink
                  to={paths.dashboard.root.getHref()}
                  end
                  className={linkClass}
                  onClick={followLink}
                >
                  {dashboardMessages.menu.home}
                </NavLink>
              </li>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={linkClass} onClick={followLink}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
    </div>
  );
}

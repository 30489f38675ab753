import { useEffect } from 'react';
import {
  resolveValue,
  useToaster,
  type DefaultToastOptions,
  type Toast,
} from 'react-hot-toast/headless';

/** The icon says which kind; the text stays dark on white, as readable as the page. */
const iconClass: Record<Toast['type'], string> = {
  success: 'text-success',
  error: 'text-error',
  loading: 'text-info',
  blank: '',
  custom: '',
};

function ToastIcon({ type }: { type: Toast['type'] }) {
  if (type === 'loading') {
    return <span className={`loading loading-spinner loading-sm ${iconClass.loading}`} />;
  }
  if (type !== 'success' && type !== 'error') return null;
  return (
    <svg
      viewBox="0 0 24 24"
      className={`size-5 shrink-0 ${iconClass[type]}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d={type === 'success' ? 'm8 12.5 3 3 5-6' : 'm9 9 6 6m0-6-6 6'} />
    </svg>
  );
}

/** How long each kind of toast stays, in ms (react-hot-toast also caps visible toasts at 20). */
export const toastDurations = {
  success: 2000,
  error: 4000,
  blank: 4000,
  custom: 4000,
  loading: Infinity,
};

/**
 * The toasts `toast()` from react-hot-toast/headless shows, drawn as daisyUI alerts
 * at the bottom of the screen, where they cover no navbar and no search box. Headless because react-hot-toast's own Toaster brings a
 * CSS-in-JS library (goober) into Home's first download: ~3 KB and about a tenth of
 * the time the app's script took to start. Hovering a toast holds its timer.
 */
export function Toaster({ toastOptions }: { toastOptions: DefaultToastOptions }) {
  const { toasts, handlers } = useToaster(toastOptions);
  const { endPause } = handlers;
  const none = toasts.length === 0;
  // A toast removed under the pointer gets no mouseleave: the timers would stay held.
  useEffect(() => {
    if (none) endPause();
  }, [none, endPause]);
  return (
    // Clicks pass through the container's empty parts to the page below it.
    <div className="toast toast-bottom toast-center pointer-events-none z-50 w-max max-w-[calc(100vw-2rem)] whitespace-normal">
      {toasts.map((shown) => (
        <div
          key={shown.id}
          // A toast on its way out (a second's fade) is no longer there for anyone.
          aria-hidden={!shown.visible || undefined}
          onMouseEnter={handlers.startPause}
          onMouseLeave={handlers.endPause}
          className={`alert border-base-300 bg-base-100 shadow-lg transition-opacity duration-300 ${
            shown.visible ? 'pointer-events-auto opacity-100' : 'opacity-0'
          }`}
        >
          <ToastIcon type={shown.type} />
          <div {...shown.ariaProps}>{resolveValue(shown.message, shown)}</div>
        </div>
      ))}
    </div>
  );
}

/** The app's toaster, loaded after the app starts (app/providers.tsx): not in Home's first download. */
export default function AppToaster() {
  return (
    <Toaster
      toastOptions={{
        duration: toastDurations.blank,
        success: { duration: toastDurations.success },
        error: { duration: toastDurations.error },
        loading: { duration: toastDurations.loading },
      }}
    />
  );
}

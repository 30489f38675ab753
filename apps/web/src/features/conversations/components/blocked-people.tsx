import { useRef } from 'react';
import toast from 'react-hot-toast/headless';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useBlockedPeople, useUnblock } from '../api/get-blocked.ts';
import { safetyMessages } from '../safety-messages.ts';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The people the viewer blocked, each with Unblock (no confirmation: it is undone as easily). */
export function BlockedPeople() {
  const t = safetyMessages;
  const blocked = useBlockedPeople();
  const unblock = useUnblock();
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className="grid gap-3">
      <h2 ref={headingRef} tabIndex={-1} className="font-medium outline-none">
        {t.blockedList.title}
      </h2>
      <p className="text-sm text-base-content/70">{t.blockedList.text}</p>
      {blocked.isPending ? (
        <Spinner />
      ) : blocked.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2">
          <span>{t.blockedList.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => void blocked.refetch()}>
            {t.blockedList.retry}
          </button>
        </div>
      ) : blocked.data.length === 0 ? (
        <p className="text-sm">{t.blockedList.empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300">
          {blocked.data.map((person) => (
            <li key={person._id} className="flex items-center gap-3 py-2">
              <Avatar name={person.name} image={person.image} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{person.name}</span>
                <span className="text-xs text-base-content/70">
                  {t.blockedList.since}{' '}
                  <time dateTime={person.blockedAt}>{date.format(new Date(person.blockedAt))}</time>
                </span>
              </span>
              <button
                type="button"
                className="btn btn-outline btn-sm shrink-0"
                aria-label={t.unblock(person.name)}
                disabled={unblock.isPending}
                onClick={() =>
                  unblock.mutate(person._id, {
                    onSuccess: () => {
                      toast.success(t.unblocked(person.name));
                      // The row and its button are gone: the list's heading takes the focus.
                      headingRef.current?.focus();
                    },
                    onError: (error) => toast.error(error.message),
                  })
                }
              >
                {t.unblockShort}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

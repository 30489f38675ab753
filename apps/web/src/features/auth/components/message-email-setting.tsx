import { useId } from 'react';
import toast from 'react-hot-toast/headless';
import { useSettings, useUpdateSettings } from '../api/settings.ts';
import { authMessages } from '../messages.ts';

const t = authMessages.profile;

/**
 * Whether a message left unread for a few minutes is emailed. Saved as it is ticked;
 * the emails' unsubscribe link turns the same setting off.
 */
export function MessageEmailSetting() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const hintId = useId();

  if (settings.isError) {
    return (
      <div className="grid gap-3">
        <h2 className="font-medium">{t.emailsTitle}</h2>
        <p role="alert" className="text-sm">
          {settings.error.message}
        </p>
        <button
          type="button"
          className="btn btn-outline btn-sm justify-self-start"
          onClick={() => void settings.refetch()}
        >
          {t.emailsRetry}
        </button>
      </div>
    );
  }
  // While saving, the box shows what was asked for.
  const checked = update.isPending
    ? update.variables.messageEmails
    : (settings.data?.messageEmails ?? false);
  return (
    <div className="grid gap-3">
      <h2 className="font-medium">{t.emailsTitle}</h2>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="checkbox mt-0.5"
          checked={checked}
          disabled={settings.isPending || update.isPending}
          aria-describedby={hintId}
          onChange={(event) =>
            update.mutate(
              { messageEmails: event.target.checked },
              {
                onSuccess: (saved) => toast.success(saved.messageEmails ? t.emailsOn : t.emailsOff),
                onError: (error) => toast.error(error.message),
              },
            )
          }
        />
        <span>{t.messageEmails}</span>
      </label>
      <p id={hintId} className="text-sm text-base-content/70">
        {t.messageEmailsHint}
      </p>
    </div>
  );
}

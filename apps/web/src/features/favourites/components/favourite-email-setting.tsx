import { useId } from 'react';
import toast from 'react-hot-toast/headless';
import { useFavouriteEmails, useSetFavouriteEmails } from '../api/use-favourites.ts';
import { favouriteMessages as t } from '../messages.ts';

/**
 * Whether price drops and bookings of saved laptops are emailed. Saved as it is ticked;
 * the emails' unsubscribe link turns the same setting off.
 */
export function FavouriteEmailSetting() {
  const setting = useFavouriteEmails();
  const update = useSetFavouriteEmails();
  const hintId = useId();
  const checked = update.isPending ? update.variables : (setting.data?.favouriteEmails ?? false);
  return (
    <div className="grid gap-3">
      <h2 className="font-medium">{t.emailsTitle}</h2>
      {setting.isError && (
        <p role="alert" className="text-sm">
          {setting.error.message}
        </p>
      )}
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="checkbox mt-0.5"
          checked={checked}
          disabled={!setting.isSuccess || update.isPending}
          aria-describedby={hintId}
          onChange={(event) =>
            update.mutate(event.target.checked, {
              onSuccess: (saved) => toast.success(saved.favouriteEmails ? t.emailsOn : t.emailsOff),
              onError: (error) => toast.error(error.message),
            })
          }
        />
        <span>{t.emails}</span>
      </label>
      <p id={hintId} className="text-sm text-base-content/70">
        {t.emailsHint}
      </p>
    </div>
  );
}

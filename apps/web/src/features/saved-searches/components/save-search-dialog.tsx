import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast/headless';
import { cpuFamilyNames } from '@laptops/shared/cpu-family-names';
import type { CpuFamily } from '@laptops/shared/laptop-specs';
import {
  alertFrequencies,
  describeSavedSearch,
  type AlertFrequency,
  type SavedFilters,
} from '@laptops/shared/saved-search-filters';
import { paths } from '../../../config/paths.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCategories } from '../../../lib/get-categories.ts';
import { messages } from '../../../lib/messages.ts';
import { useSaveSearch } from '../api/saved-searches.ts';
import { savedSearchMessages as t } from '../messages.ts';

export const cpuName = (cpu: string) => cpuFamilyNames[cpu as CpuFamily] ?? cpu;

/**
 * The Save button's dialog: the search in words, "Email me: instantly / daily digest",
 * and Save. It opens when drawn, with the keyboard on the chosen frequency; every way
 * of closing it (Escape, backdrop, Cancel, saved) calls onClose. The server's refusal
 * (already saved, the limit) shows in the dialog, with a link to the saved searches.
 */
export function SaveSearchDialog({
  filters,
  onClose,
}: {
  filters: SavedFilters;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const [frequency, setFrequency] = useState<AlertFrequency>('instant');
  const save = useSaveSearch();
  const categories = useCategories();
  const categoryName = filters.category
    ? (categories.data?.find((category) => category._id === filters.category)?.name ?? null)
    : null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    firstRef.current?.focus();
  }, []);

  const close = () => {
    if (!save.isPending) dialogRef.current?.close();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(
      { filters, frequency },
      {
        onSuccess: () => {
          toast.success(t.saved);
          dialogRef.current?.close();
        },
      },
    );
  };

  const error = save.error
    ? save.error instanceof ApiRequestError
      ? save.error.message
      : messages.networkError
    : undefined;

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-intro`}
      onCancel={(event) => {
        if (save.isPending) event.preventDefault();
      }}
      onClose={onClose}
    >
      <form className="modal-box flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <h2 id={`${ids}-title`} className="text-lg font-bold">
          {t.dialogTitle}
        </h2>
        <div id={`${ids}-intro`} className="flex flex-col gap-2">
          <p>{t.dialogIntro}</p>
          <p className="rounded-box bg-base-200 px-4 py-3 font-medium wrap-anywhere">
            {describeSavedSearch(filters, categoryName, cpuName)}
          </p>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold">{t.emailMe}</legend>
          {alertFrequencies.map((option, index) => (
            <div
              key={option}
              className="relative flex items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary has-checked:bg-primary/5"
            >
              <input
                ref={index === 0 ? firstRef : undefined}
                id={`${ids}-${option}`}
                type="radio"
                name={`${ids}-frequency`}
                value={option}
                className="radio radio-primary radio-sm mt-0.5"
                checked={frequency === option}
                onChange={() => setFrequency(option)}
                aria-describedby={`${ids}-${option}-hint`}
              />
              <div className="flex flex-col">
                {/* The whole box takes the tap: the label covers it. */}
                <label
                  htmlFor={`${ids}-${option}`}
                  className="cursor-pointer font-medium after:absolute after:inset-0"
                >
                  {t.frequencies[option].label}
                </label>
                <span id={`${ids}-${option}-hint`} className="text-sm text-base-content/70">
                  {t.frequencies[option].hint}
                </span>
              </div>
            </div>
          ))}
        </fieldset>
        {error && (
          <div role="alert" className="alert alert-error alert-soft flex flex-col items-start">
            <span>{error}</span>
            <Link to={paths.dashboard.savedSearches.getHref()} className="link">
              {t.manageLink}
            </Link>
          </div>
        )}
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={save.isPending}>
            {t.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            {t.confirm}
          </button>
        </div>
      </form>
      <div className="modal-backdrop">
        <button type="button" tabIndex={-1} onClick={close}>
          {t.close}
        </button>
      </div>
    </dialog>
  );
}

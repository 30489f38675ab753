import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

export type DealActionTexts = {
  title: string;
  text: string;
  button: string;
  confirmTitle: string;
  confirm: string;
  confirmButton: string;
  cancelButton: string;
  done: string;
};

/**
 * A card with one deal action that asks first (the buyer's "I have the laptop", the
 * seller's cancellation): the button opens a confirm dialog; once the server has
 * answered, a toast says so and `onDone` runs (the page then moves the focus).
 */
export function ConfirmedDealAction({
  texts,
  run,
  busy,
  danger = false,
  onDone,
}: {
  texts: DealActionTexts;
  /** The mutation, awaited: its answer re-draws the page without this card. */
  run: () => Promise<unknown>;
  busy: boolean;
  danger?: boolean;
  onDone: () => void;
}) {
  const [asking, setAsking] = useState(false);

  // Awaited rather than mutate() callbacks, which would not run once the card is gone.
  const act = async () => {
    try {
      await run();
      toast.success(texts.done);
      setAsking(false);
      onDone();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      setAsking(false);
    }
  };

  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{texts.title}</h2>
      <p className="mt-1 text-sm text-base-content/80">{texts.text}</p>
      <button
        type="button"
        className={`btn mt-4 w-full sm:w-auto ${danger ? 'btn-error btn-outline' : 'btn-primary'}`}
        onClick={() => setAsking(true)}
      >
        {texts.button}
      </button>
      <ConfirmDialog
        open={asking}
        title={texts.confirmTitle}
        message={texts.confirm}
        confirmLabel={texts.confirmButton}
        cancelLabel={texts.cancelButton}
        tone={danger ? 'danger' : 'neutral'}
        busy={busy}
        onConfirm={() => void act()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

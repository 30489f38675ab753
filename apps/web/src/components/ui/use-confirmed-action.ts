import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import toast from 'react-hot-toast/headless';
import { useHeadingFocusAfterClose } from './use-heading-focus.ts';

type ConfirmedActionOptions<Item, Variables, Data, Context> = {
  mutation: UseMutationResult<Data, Error, Variables, Context>;
  /** What the mutation is called with for an item: its id, its email. */
  variables: (item: Item) => Variables;
  /** The success toast's text. */
  success: (item: Item) => string;
  /**
   * The action takes the item's row away (delete, cancel), and with it the button that
   * had the focus: the page heading gets it once the dialog has closed.
   */
  removesRow?: boolean;
};

/**
 * An action on a list's item that is confirmed first: `ask(item)` opens the dialog;
 * confirming runs the mutation, toasts its success or the server's reason, and closes
 * the dialog either way. `dialogProps` go onto a ConfirmDialog, with the page's texts;
 * `headingRef` onto the page heading when the action removes rows.
 */
export function useConfirmedAction<Item, Variables, Data, Context>({
  mutation,
  variables,
  success,
  removesRow = false,
}: ConfirmedActionOptions<Item, Variables, Data, Context>) {
  const [item, setItem] = useState<Item | null>(null);
  const { headingRef, focusHeadingOnClose } = useHeadingFocusAfterClose(item !== null);

  const onConfirm = () => {
    if (item === null) return;
    mutation.mutate(variables(item), {
      onSuccess: () => {
        toast.success(success(item));
        if (removesRow) focusHeadingOnClose();
        setItem(null);
      },
      onError: (error) => {
        toast.error(error.message);
        setItem(null);
      },
    });
  };

  return {
    /** The item waiting for confirmation, if any. */
    item,
    ask: (next: Item) => setItem(next),
    headingRef,
    dialogProps: {
      open: item !== null,
      onConfirm,
      onCancel: () => setItem(null),
      busy: mutation.isPending,
    },
  };
}

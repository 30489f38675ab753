/**
 * react-hot-toast's `toast()` for the code Home loads first (the navbar, the cards'
 * actions): loaded when a toast is first shown, so Home's first download does without
 * it (the web budget). A toast shows a moment later the first time; those shown this
 * way keep their order. Code loaded later imports `toast` directly.
 */
import type toastFunction from 'react-hot-toast/headless';

type Toast = typeof toastFunction;

let loading: Promise<Toast> | undefined;
const loaded = () =>
  (loading ??= import('react-hot-toast/headless').then((module) => module.default));

export const toastLater = {
  blank: (message: string) => void loaded().then((toast) => toast(message)),
  success: (message: string) => void loaded().then((toast) => toast.success(message)),
  error: (message: string) => void loaded().then((toast) => toast.error(message)),
};

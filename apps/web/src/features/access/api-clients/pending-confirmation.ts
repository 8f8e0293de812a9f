/** A pending confirmation: what it says and what it does. */
export interface PendingConfirmation {
  title: string;
  message: string;
  confirmLabel: string;
  run: () => Promise<void>;
}

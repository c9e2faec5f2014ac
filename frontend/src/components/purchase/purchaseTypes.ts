/** What a finished purchase reports to the screen that opened it. */
export interface PurchaseResult {
  scope: string;
  name: string;
  upgraded: boolean;
}

/** A free trial bought through the modal (speech analytics, /tryspeech): its terms and its start. */
export interface TrialPurchase {
  title: string;
  /** What the trial is and what it becomes, above the terms tickbox. */
  details: string[];
  button: string;
  doneText: string;
  start: () => Promise<unknown>;
}

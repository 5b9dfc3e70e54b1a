/** Spec section 2, native app build: a second back press within 1 second exits the app. */
export const exitWindowMs = 1000;

export type BackAction = 'exit' | 'back' | 'hint';

/**
 * What a hardware back press does: exit when the previous press was less than 1 s ago; otherwise
 * go back in the history, or, with nowhere to go back to, tell the visitor that one more press
 * exits. `lastPressMs` is the previous press (epoch ms) or null.
 */
export function decideBackAction(canGoBack: boolean, lastPressMs: number | null, nowMs: number): BackAction {
  if (lastPressMs !== null && nowMs - lastPressMs < exitWindowMs) return 'exit';
  return canGoBack ? 'back' : 'hint';
}

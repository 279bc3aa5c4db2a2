type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/**
 * Shows `count` on the installed app's icon where the browser can (the Badging API), as the bell
 * and the tab's title do; cleared at 0. Without an installed app the browser refuses: no matter.
 */
export function showCountOnAppBadge(count: number): void {
  const badging = navigator as BadgingNavigator;
  const done = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.();
  void done?.catch(() => undefined);
}

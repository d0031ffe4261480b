// The page's own globals, for tsc only (tools/lint.sh; the page never loads this file).

interface Window {
  /** The desktop window's bridge (pywebview), or the test harness's (bridge.js). */
  pywebview?: {
    api: Record<string, (arg?: unknown) => Promise<import('./view-model').Answer>>;
    platform?: string;
    _QWebChannel?: unknown;
  };
  /** What main.js gives Python and the tests: `ready`, the view model shown, `refresh()`. */
  harpTowers: {
    ready: Promise<unknown>;
    readonly state: import('./view-model').ViewModel | null;
    refresh(): Promise<void>;
  };
}

/**
 * Lets code outside React (the API client) move the router. The router registers itself at
 * start-up; before that, a full page load is the fallback.
 */
type Navigate = (path: string, options?: { replace?: boolean; state?: unknown }) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function registerNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string, options?: { replace?: boolean; state?: unknown }): void {
  navigateImpl(path, options);
}

/** Where the visitor was when an error screen took over, so "Try again" can go back there. */
export interface ErrorScreenState {
  from: string;
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

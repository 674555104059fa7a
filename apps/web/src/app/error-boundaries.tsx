import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { reportError } from '../lib/error-reporting';

// The crash screens load when an error happens, not with the first screen (the login route's budget).
const CrashScreen = lazy(() => import('./crash-screen'));
const RouteErrorScreen = lazy(() => import('./crash-screen').then((m) => ({ default: m.RouteErrorScreen })));

/** The root route's error element (crash-screen.tsx `RouteErrorScreen`), loaded when a route fails. */
export function LazyRouteErrorScreen() {
  return (
    <Suspense fallback={null}>
      <RouteErrorScreen />
    </Suspense>
  );
}

/** Catches render errors outside the router (providers). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    reportError(error, 'crash');
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <Suspense fallback={null}>
        <CrashScreen />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}

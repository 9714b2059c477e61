import { Component, type ReactNode } from 'react';
import { isOnline } from '#src/lib/connectivity.ts';

interface Props {
  children: ReactNode;
  /** A new value (the next page's path) clears the error. */
  resetKey: string;
}
interface State {
  error: unknown;
}

/** Catches a page that failed to load or render (for instance its code could not be fetched offline). */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed to load', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="page narrow" role="alert">
        <h1>This page could not load</h1>
        <p>
          {isOnline()
            ? 'Something went wrong. Please try again.'
            : 'You are offline. Reconnect and try again.'}
        </p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    );
  }
}

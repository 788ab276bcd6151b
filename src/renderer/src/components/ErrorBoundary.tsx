import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead of the children once they threw; `retry` draws them again from scratch. */
  fallback: (caught: { error: unknown; retry: () => void }) => ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** A new value clears a caught error (the administrator moved to another screen). */
  resetOn?: unknown;
}

interface ErrorBoundaryState {
  caught: { error: unknown } | null;
  /** Bumped by retry, so the children mount afresh rather than pick up where they threw. */
  attempt: number;
}

/** React catches a render error only in a class component: this one, with the fallback given. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { caught: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { caught: { error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.caught && !Object.is(previous.resetOn, this.props.resetOn)) this.retry();
  }

  retry = (): void => this.setState((state) => ({ caught: null, attempt: state.attempt + 1 }));

  override render(): ReactNode {
    if (this.state.caught) return this.props.fallback({ error: this.state.caught.error, retry: this.retry });
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}

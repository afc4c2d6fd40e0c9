import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** what failed, for the message: "this page", "Launchpad" */
  label?: string;
}

interface State {
  error: Error | undefined;
}

/** Catches render errors so one broken page does not blank the whole shell. Used at the root and around each page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: undefined });

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="error-box" role="alert">
        <h2>Something went wrong in {this.props.label ?? 'this page'}</h2>
        <p className="muted">{error.message}</p>
        <button type="button" className="btn" onClick={this.reset}>
          Try again
        </button>
      </div>
    );
  }
}

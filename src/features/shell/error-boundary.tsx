/** Catches a crash anywhere below it, logs it, and shows the render-error screen. */
import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

import { Component, type ReactNode } from "react";

type Props = { pathname: string; children: ReactNode };
type State = { failed: boolean; pathname: string };

/**
 * Keeps the top bar usable when a page throws while rendering, or its chunk fails to load (a deploy
 * replaced it): the part the data router's per-route error boundary used to play. Going to another
 * path starts afresh.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="centered-card">
        <h1>Something went wrong</h1>
        <p>This page could not be shown. Reload the page to try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    );
  }
}

import { Component, type ReactNode } from 'react'

type Props = {
  children: ReactNode
  /** What to show instead; `retry` renders the children again (a failed chunk is fetched again). */
  fallback?: (retry: () => void) => ReactNode
  onError?: (error: unknown) => void
}

/** Keeps a failed chunk or view from taking the site's page down with it. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    this.props.onError?.(error)
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return this.props.fallback?.(() => this.setState({ failed: false })) ?? null
  }
}

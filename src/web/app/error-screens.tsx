import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { Button } from '../components/ui/button.tsx';

const t = messages.errorScreens;

function ErrorPanel({ title, body, actions }: { title: string; body: string; actions: ReactNode }) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <AlertTriangle aria-hidden="true" className="size-12 text-red-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{body}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </div>
  );
}

/** A lazily loaded part of the app failed to download (e.g. after a new release). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  );
}

/** The routed content's error screen: "Render Hatası" when app code failed to load, else "Bir Hata Oluştu". */
function RouteErrorScreen({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const reload = () => window.location.reload();
  if (isChunkLoadError(error)) {
    return (
      <ErrorPanel title={t.renderTitle} body={t.renderBody} actions={<Button onClick={reload}>{t.reload}</Button>} />
    );
  }
  return (
    <ErrorPanel
      title={t.genericTitle}
      body={t.genericBody}
      actions={
        <>
          <Button onClick={() => navigate(0)}>{t.retry}</Button>
          <Button variant="secondary" onClick={reload}>
            {t.reload}
          </Button>
        </>
      }
    />
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The boundary forgets its error when this changes. */
  resetKey?: string;
  fallback: (error: unknown, reset: () => void) => ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; resetKey?: string }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey?: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Application error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, () => this.setState({ error: null }));
    return this.props.children;
  }
}

/**
 * Around the routed content: a page that throws while rendering, or whose code fails to download,
 * shows its error screen until the visitor navigates elsewhere.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary resetKey={useLocation().key} fallback={(error) => <RouteErrorScreen error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

/** Outermost boundary: "Uygulama Hatası" with "Yeniden Dene" for errors outside the router. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(_error, reset) => (
        <ErrorPanel title={t.appTitle} body={t.appBody} actions={<Button onClick={reset}>{t.appRetry}</Button>} />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { authMessages } from '#shared/messages/auth.tr.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { ApplyLink } from './apply-link.tsx';
import { AuthCard } from './auth-card.tsx';
import { readFromPath } from '../../lib/redirect-target.ts';
import { describeAltSignInError } from './sign-in-errors.ts';
import { SignInForm } from './sign-in-form.tsx';
import { authTexts } from './texts.ts';

const a = authMessages;
type Mode = 'login' | 'register';

function ModeToggle({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const options: { value: Mode; label: string }[] = [
    { value: 'login', label: a.loginTab },
    { value: 'register', label: a.registerTab },
  ];
  return (
    <div
      role="group"
      aria-label={authTexts.modeGroupLabel}
      className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={mode === option.value}
          onClick={() => onChange(option.value)}
          className="min-h-10 rounded-md text-sm font-semibold text-slate-700 aria-pressed:bg-white aria-pressed:text-brand-900 aria-pressed:shadow-sm"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

function RegisterInfo() {
  return (
    <div className="space-y-4">
      <InlineAlert tone="info">{a.registerInfo}</InlineAlert>
      <ButtonLink to={paths.register} className="w-full">
        {a.applyCta}
      </ButtonLink>
    </div>
  );
}

/**
 * The alternate sign-in page (/auth/login; /auth adds the Giriş / Kayıt Ol toggle). A signed-in
 * visitor goes to /dashboard; errors and success are toasts; success goes to the origin or /dashboard.
 */
export function AuthPage({ withRegisterToggle = false }: { withRegisterToggle?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const from = readFromPath(useLocation());
  const [mode, setMode] = useState<Mode>('login');
  // Once this page signs someone in, it navigates itself; the "already signed in" redirect must not race it.
  const [hasSubmitted, setHasSubmitted] = useState(false);

  if (session.isPending) return <LoadingScreen />;
  if (session.data?.user && !hasSubmitted) return <Navigate to={paths.dashboard} replace />;

  const onSignedIn = (user: SessionUser) => {
    if (user.mustResetPassword) return navigate(paths.forcePasswordReset, { replace: true });
    toast.success(a.altSuccess);
    return navigate(from ?? paths.dashboard, { replace: true });
  };
  const isRegister = withRegisterToggle && mode === 'register';
  return (
    <AuthCard
      title={isRegister ? a.registerTab : a.loginTitle}
      lead={isRegister ? undefined : a.loginLead}
      footer={isRegister ? undefined : <ApplyLink />}
    >
      {withRegisterToggle ? <ModeToggle mode={mode} onChange={setMode} /> : null}
      {isRegister ? (
        <RegisterInfo />
      ) : (
        <SignInForm
          errorDisplay="toast"
          describeError={describeAltSignInError}
          onSignedIn={onSignedIn}
          onSubmitStart={() => setHasSubmitted(true)}
        />
      )}
    </AuthCard>
  );
}

import { useLocation, useNavigate } from 'react-router';
import { authMessages } from '#shared/messages/auth.tr.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { paths } from '../../app/paths.ts';
import { ApplyLink } from './apply-link.tsx';
import { AuthCard } from './auth-card.tsx';
import { readFromPath } from './redirect-target.ts';
import { describeSignInError } from './sign-in-errors.ts';
import { SignInForm } from './sign-in-form.tsx';

const a = authMessages;

/** /login: errors in the card; success goes to the forced reset, the origin, or / (history replaced). */
export function LoginPage() {
  const navigate = useNavigate();
  const from = readFromPath(useLocation());
  const onSignedIn = (user: SessionUser) =>
    navigate(user.mustResetPassword ? paths.forcePasswordReset : (from ?? paths.home), { replace: true });
  return (
    <AuthCard title={a.loginTitle} lead={a.loginLead} footer={<ApplyLink />}>
      <SignInForm errorDisplay="inline" describeError={describeSignInError} onSignedIn={onSignedIn} />
    </AuthCard>
  );
}

import { useLocation, useNavigate } from 'react-router';
import { authMessages } from '#shared/messages/auth.tr.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { paths } from '../../lib/paths.ts';
import { ApplyLink } from './apply-link.tsx';
import { AuthCard } from './auth-card.tsx';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { readFromPath, readSignInReason } from '../../lib/redirect-target.ts';
import { describeSignInError } from './sign-in-errors.ts';
import { SignInForm } from './sign-in-form.tsx';

const a = authMessages;

/** /login: errors in the card; success goes to the forced reset, the origin, or / (history replaced). */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = readFromPath(location);
  const reason = readSignInReason(location);
  const onSignedIn = (user: SessionUser) =>
    navigate(user.mustResetPassword ? paths.forcePasswordReset : (from ?? paths.home), { replace: true });
  return (
    <AuthCard title={a.loginTitle} lead={a.loginLead} footer={<ApplyLink />}>
      {reason === 'favourite' ? (
        <InlineAlert tone="info" className="mb-4">
          {a.signInForFavourites}
        </InlineAlert>
      ) : null}
      <SignInForm errorDisplay="inline" describeError={describeSignInError} onSignedIn={onSignedIn} />
    </AuthCard>
  );
}

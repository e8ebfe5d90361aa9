import { Link } from 'react-router';
import { authMessages } from '#shared/messages/auth.tr.ts';
import { paths } from '../../lib/paths.ts';

/** "Üye değil misiniz? Başvuru formunu doldurun" → the membership application. */
export function ApplyLink() {
  return (
    <p>
      <Link to={paths.register} className="rounded font-medium text-brand-700 hover:underline">
        {authMessages.applyLink}
      </Link>
    </p>
  );
}

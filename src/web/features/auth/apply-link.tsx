import { Link } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { paths } from '../../lib/paths.ts';

/** "Üye değil misiniz? Başvuru formunu doldurun" → the membership application. */
export function ApplyLink() {
  return (
    <p>
      <Link to={paths.register} className="rounded font-medium text-brand-700 hover:underline">
        {messages.auth.applyLink}
      </Link>
    </p>
  );
}

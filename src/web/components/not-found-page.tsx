import { ArrowLeft, Home } from 'lucide-react';
import { useNavigate } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { Button, ButtonLink } from './ui/button.tsx';

const t = messages.errorScreens;

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <title>Sayfa Bulunamadı | OptiStok</title>
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t.notFoundTitle}</h1>
      <p className="mt-2 text-slate-600">{t.notFoundBody}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">
          <Home aria-hidden="true" className="size-4" /> {messages.common.home}
        </ButtonLink>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          <ArrowLeft aria-hidden="true" className="size-4" /> {messages.common.back}
        </Button>
      </div>
    </div>
  );
}

import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { categoryLinks, paths } from '../paths.ts';

const t = messages.nav;

const sections = [
  {
    title: t.mainMenu,
    links: [
      { to: paths.home, label: t.tabHome },
      { to: paths.search, label: t.productSearch },
      { to: paths.about, label: t.about },
      { to: paths.contact, label: t.contact },
    ],
  },
  { title: t.categories, links: categoryLinks.map((c) => ({ to: `/kategori/${c.id}`, label: c.label })) },
  {
    title: t.accountActions,
    links: [
      { to: paths.login, label: t.login },
      { to: paths.register, label: t.registerLong },
    ],
  },
];

/**
 * Slide-in menu, 90vw. Radix Dialog gives the behaviour the spec asks for: it closes on Escape,
 * on the backdrop and on its close button, traps focus and locks page scroll while open;
 * each link closes it too.
 */
export function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="mobile-menu-backdrop" className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-[90vw] max-w-sm flex-col overflow-y-auto bg-white shadow-xl"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-lg font-bold text-brand-900">OptiStok</Dialog.Title>
            <Dialog.Close className="grid size-11 place-items-center rounded-lg hover:bg-slate-100" aria-label={t.closeMenu}>
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <nav aria-label={t.mainMenu} className="flex-1 space-y-6 px-4 py-4">
            {sections.map((section) => (
              <div key={section.title}>
                <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{section.title}</h2>
                <ul className="space-y-1">
                  {section.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} onClick={close} className="block rounded-lg px-3 py-2.5 text-base text-slate-800 hover:bg-slate-100">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

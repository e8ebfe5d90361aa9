import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { messages } from '#shared/messages.tr.ts';

/** A side sheet's title bar: its Radix title and a 44 px close button (inside a Dialog.Content). */
export function SheetHeader({ title, closeLabel = messages.common.close }: { title: string; closeLabel?: string }) {
  return (
    <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
      <Dialog.Title className="text-lg font-bold text-brand-900">{title}</Dialog.Title>
      <Dialog.Close
        className="grid size-11 place-items-center rounded-lg text-slate-600 hover:bg-slate-100"
        aria-label={closeLabel}
      >
        <X aria-hidden="true" className="size-6" />
      </Dialog.Close>
    </div>
  );
}

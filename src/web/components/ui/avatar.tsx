/** A round avatar with the first letter of a name, upper-cased the Turkish way (i → İ). */
export function AvatarInitial({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' | 'lg' }) {
  const initial = name.trim().charAt(0).toLocaleUpperCase('tr-TR') || '?';
  const sizes = { sm: 'size-8 text-sm', md: 'size-10 text-base', lg: 'size-16 text-2xl' };
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full bg-brand-700 font-bold text-white ${sizes[size]}`}
    >
      {initial}
    </span>
  );
}

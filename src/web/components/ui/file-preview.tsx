import { useCallback } from 'react';

/** A chosen image file shown through an object URL, revoked when the file changes or the image goes. */
export function FilePreview({ file, alt, className }: { file: File; alt: string; className: string }) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img ref={attach} alt={alt} className={className} />;
}

import { ImageOff, ZoomIn } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';

export interface KycImageRef {
  label: string;
  src: string | null;
}

/** A missing or broken document image: a calm placeholder that says which, never a broken icon. */
export function ImagePlaceholder({ reason, className }: { reason: 'missing' | 'broken'; className?: string }) {
  return (
    <div
      role="img"
      aria-label={reason === 'missing' ? 'No image provided' : 'Image could not be loaded'}
      className={cn('flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 text-slate-500', className)}
    >
      <ImageOff className="size-5 text-slate-400" aria-hidden />
      <span className="text-xs font-medium">{reason === 'missing' ? 'No image provided' : 'Image could not be loaded'}</span>
    </div>
  );
}

interface KycThumbnailProps {
  image: KycImageRef;
  onOpen: () => void;
}

/** One document as a thumbnail that opens the viewer; key it by src so a new image gets a new chance to load. */
export function KycThumbnail({ image, onOpen }: KycThumbnailProps) {
  const [broken, setBroken] = useState(false);
  const box = 'h-44 w-full';
  return (
    <figure className="min-w-0">
      {!image.src || broken ? (
        <ImagePlaceholder reason={image.src ? 'broken' : 'missing'} className={box} />
      ) : (
        <button
          type="button"
          onClick={onOpen}
          aria-haspopup="dialog"
          aria-label={`Open ${image.label}`}
          className={cn(
            'group relative flex items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-100 p-2',
            'hover:border-indigo-300',
            box
          )}
        >
          <img src={image.src} alt={image.label} onError={() => setBroken(true)} className="max-h-full max-w-full object-contain" draggable={false} />
          <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-md bg-slate-900/70 px-1.5 py-0.5 text-[11px] font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
            <ZoomIn className="size-3" aria-hidden />
            View
          </span>
        </button>
      )}
      <figcaption className="mt-1.5 text-center text-xs font-medium text-slate-600">{image.label}</figcaption>
    </figure>
  );
}

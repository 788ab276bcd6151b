import { Maximize, RotateCw, Scan, ZoomIn, ZoomOut } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { ImagePlaceholder, type KycImageRef } from './KycImage';

const MIN_SCALE = 0.1;
const MAX_SCALE = 8;
const STEP = 1.25;

interface Size {
  width: number;
  height: number;
}

interface ImageViewerProps {
  image: KycImageRef & { src: string };
  /** Whose document, for the title. */
  owner: string;
  onClose: () => void;
}

/**
 * A document at a size that can be read: fitted to the window first, then zoom, rotate in quarter
 * turns, or "Full size" (one image pixel per screen pixel). Keys: + / - zoom, R rotates, 0 full size, F fits.
 */
export function ImageViewer({ image, owner, onClose }: ImageViewerProps) {
  const [natural, setNatural] = useState<Size | null>(null);
  const [stage, setStage] = useState<Size>({ width: 0, height: 0 });
  const [rotation, setRotation] = useState(0);
  /** null: fit to the stage. */
  const [zoom, setZoom] = useState<number | null>(null);
  const [broken, setBroken] = useState(false);

  // A callback ref: the dialog's portal mounts its content a render later than this component.
  const observerRef = useRef<ResizeObserver | null>(null);
  const stageEl = useRef<HTMLDivElement | null>(null);
  const stageRef = useCallback((el: HTMLDivElement | null) => {
    observerRef.current?.disconnect();
    observerRef.current = null;
    stageEl.current = el;
    if (!el) return;
    const measure = () => setStage({ width: el.clientWidth, height: el.clientHeight });
    measure();
    observerRef.current = new ResizeObserver(measure);
    observerRef.current.observe(el);
  }, []);

  const quarterTurned = rotation % 180 !== 0;
  const fitScale = (() => {
    if (!natural || stage.width === 0) return 1;
    const w = quarterTurned ? natural.height : natural.width;
    const h = quarterTurned ? natural.width : natural.height;
    const pad = 32;
    return Math.max(MIN_SCALE, Math.min((stage.width - pad) / w, (stage.height - pad) / h));
  })();
  const scale = zoom ?? fitScale;

  // Zooming and rotating keep the point at the centre of the stage where it was.
  const centre = useRef<{ x: number; y: number } | null>(null);
  const rememberCentre = () => {
    const el = stageEl.current;
    if (!el || el.scrollWidth === 0) return;
    centre.current = {
      x: (el.scrollLeft + el.clientWidth / 2) / el.scrollWidth,
      y: (el.scrollTop + el.clientHeight / 2) / el.scrollHeight
    };
  };
  useLayoutEffect(() => {
    const el = stageEl.current;
    const at = centre.current;
    if (!el || !at) return;
    centre.current = null;
    el.scrollLeft = at.x * el.scrollWidth - el.clientWidth / 2;
    el.scrollTop = at.y * el.scrollHeight - el.clientHeight / 2;
  }, [scale, rotation]);

  const setZoomKeepingCentre = (next: number | null) => {
    rememberCentre();
    setZoom(next);
  };
  const zoomBy = (factor: number) => setZoomKeepingCentre(Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale * factor)));
  const rotate = () => {
    rememberCentre();
    setRotation((r) => (r + 90) % 360);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLButtonElement && (event.key === 'Enter' || event.key === ' ')) return;
    const actions: Record<string, () => void> = {
      '+': () => zoomBy(STEP),
      '=': () => zoomBy(STEP),
      '-': () => zoomBy(1 / STEP),
      r: rotate,
      R: rotate,
      '0': () => setZoomKeepingCentre(1),
      f: () => setZoomKeepingCentre(null),
      F: () => setZoomKeepingCentre(null)
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const shown = natural ? { width: natural.width * scale, height: natural.height * scale } : null;
  const box = shown && (quarterTurned ? { width: shown.height, height: shown.width } : shown);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`${image.label} · ${owner}`} className="max-w-5xl! p-5">
      <div onKeyDown={onKeyDown} className="mt-4">
        <div role="toolbar" aria-label="Image controls" className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => zoomBy(1 / STEP)} disabled={broken || scale <= MIN_SCALE} aria-label="Zoom out">
            <ZoomOut aria-hidden />
          </Button>
          <output aria-label="Zoom level" className="w-14 text-center text-sm text-slate-700 tabular-nums">
            {Math.round(scale * 100)}%
          </output>
          <Button variant="secondary" size="sm" onClick={() => zoomBy(STEP)} disabled={broken || scale >= MAX_SCALE} aria-label="Zoom in">
            <ZoomIn aria-hidden />
          </Button>
          <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden />
          <Button variant="secondary" size="sm" onClick={rotate} disabled={broken}>
            <RotateCw aria-hidden />
            Rotate
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setZoomKeepingCentre(1)} disabled={broken} aria-pressed={zoom === 1}>
            <Scan aria-hidden />
            Full size
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setZoomKeepingCentre(null)} disabled={broken} aria-pressed={zoom === null}>
            <Maximize aria-hidden />
            Fit
          </Button>
          {natural && (
            <span className="ml-auto text-xs text-slate-500 tabular-nums">
              {natural.width} × {natural.height} px
            </span>
          )}
        </div>

        <div
          ref={stageRef}
          tabIndex={0}
          aria-label={`${image.label}, scrollable`}
          className="always-dark mt-3 flex h-[min(68vh,40rem)] overflow-auto rounded-lg bg-slate-900 focus-visible:outline-offset-[-2px]"
        >
          {broken ? (
            <ImagePlaceholder reason="broken" className="m-auto h-40 w-72 border-slate-600 bg-slate-800 text-slate-300" />
          ) : (
            // margin:auto centres the image while it is smaller than the stage and lets it scroll once larger.
            <div className="relative m-auto shrink-0" style={box ? { width: box.width + 32, height: box.height + 32 } : undefined}>
              <img
                src={image.src}
                alt={image.label}
                draggable={false}
                onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth || 1, height: event.currentTarget.naturalHeight || 1 })}
                onError={() => setBroken(true)}
                className="absolute top-1/2 left-1/2 max-w-none select-none"
                style={
                  shown
                    ? {
                        width: shown.width,
                        height: shown.height,
                        transform: `translate(-50%, -50%) rotate(${rotation}deg)`
                      }
                    : { visibility: 'hidden' }
                }
              />
            </div>
          )}
        </div>
        <p className="mt-2 text-xs text-slate-500">Keys: + and − zoom, R rotates, 0 shows full size, F fits the window, Esc closes.</p>
      </div>
    </Dialog>
  );
}

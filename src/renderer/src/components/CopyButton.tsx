import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { notify } from '../lib/notify';

interface CopyButtonProps {
  value: string;
  /** The button's name, e.g. "Copy wallet address". */
  label: string;
  copiedMessage: string;
  failedMessage: string;
}

/** A small icon button that puts a value on the clipboard and says whether it worked. */
export function CopyButton({ value, label, copiedMessage, failedMessage }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      notify.success(copiedMessage);
    } catch {
      notify.error(failedMessage);
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={() => void copy()}
      className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700"
    >
      <Icon className={copied ? 'size-3.5 text-emerald-600' : 'size-3.5'} aria-hidden />
    </button>
  );
}

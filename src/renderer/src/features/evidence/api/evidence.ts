import { useMutation, useQuery } from '@tanstack/react-query';
import type { VerifyRecordsResult } from '@shared/contract';
import { api, call } from '../../../lib/api';
import { downloadText } from '../../../lib/download';

const root = ['evidence'] as const;

/** The latest signed digests, newest first, and the key the platform published. */
export const useDigests = () => useQuery({ queryKey: [...root, 'digests'], queryFn: () => call(() => api().records.digests({})) });

export interface VerifyRange {
  from?: string;
  to?: string;
}

/** Verify records: reads and checks every chain, head and digest (or a range of days) in the main process. */
export const useVerify = () =>
  useMutation<VerifyRecordsResult, Error, VerifyRange>({
    mutationFn: (range) => call(() => api().records.verify(range)),
    meta: { silent: true }
  });

/** A day's kept file (the signed digest and the heads it covers), saved as digest-YYYY-MM-DD.json. */
export const useDigestDownload = () =>
  useMutation({
    mutationFn: async (day: string) => {
      const file = await call(() => api().records.digestFile({ day }));
      downloadText(file.fileName, file.text, 'application/json;charset=utf-8');
      return file;
    },
    meta: { silent: true }
  });

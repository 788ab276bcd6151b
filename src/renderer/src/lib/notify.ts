import { toast } from 'sonner';

/**
 * The one way screens raise a toast, so wording, duration and placement stay consistent and the
 * toast library can change without touching every screen.
 */
export const notify = {
  success(message: string, description?: string) {
    toast.success(message, { description });
  },
  error(message: string, description?: string) {
    toast.error(message, { description });
  }
};

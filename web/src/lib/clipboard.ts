import { toast } from './alerts';

/**
 * Copies `text` and says so in a toast, or says it could not be copied (the browser refused:
 * no permission, or a page not served over HTTPS).
 */
export async function copyWithToast(text: string, messages: { copied: string; failed: string }) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(messages.copied);
  } catch {
    toast.error(messages.failed);
  }
}

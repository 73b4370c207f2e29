import { useEffect } from 'react';
import { useSnackbar } from 'notistack';
import { MESSAGES } from '../../../messages';
import { checkBrowser } from '../browser-support';

/** Shows the unsupported-browser toast once per day. */
export function BrowserSupportCheck() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    const result = checkBrowser(navigator.userAgent, document.cookie);
    if (!result) return;
    document.cookie = result.cookie;
    enqueueSnackbar(MESSAGES.unsupportedBrowser(result.browser.name, result.browser.version), {
      variant: 'error',
      autoHideDuration: 5000,
      preventDuplicate: true,
    });
  }, [enqueueSnackbar]);
  return null;
}

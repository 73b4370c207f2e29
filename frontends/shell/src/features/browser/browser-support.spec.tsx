import { act, screen } from '@testing-library/react';
import { renderApp } from '../../../../common/test-utils';
import { BrowserSupportCheck } from './components/browser-support-check';
import { checkBrowser, isSupported, parseUserAgent } from './browser-support';

const UA = {
  chrome89: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.82 Safari/537.36',
  chrome120: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  edge88: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/88.0.4324.150 Safari/537.36 Edg/88.0.705.63',
  edge120: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  firefox78: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:78.0) Gecko/20100101 Firefox/78.0',
  firefox121: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safari13: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.2 Safari/605.1.15',
  safari17: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
};

describe('browser support', () => {
  it.each([
    ['chrome89', 'Chrome', 89, false],
    ['chrome120', 'Chrome', 120, true],
    ['edge88', 'Edge', 88, false],
    ['edge120', 'Edge', 120, true],
    ['firefox78', 'Firefox', 78, false],
    ['firefox121', 'Firefox', 121, true],
    ['safari13', 'Safari', 13, false],
    ['safari17', 'Safari', 17, true],
    ['ie11', 'Internet Explorer', 11, false],
  ] as const)('%s → %s %i supported=%s', (key, name, major, supported) => {
    const b = parseUserAgent(UA[key]);
    expect(b?.name).toBe(name);
    expect(b?.major).toBe(major);
    expect(isSupported(b)).toBe(supported);
  });

  it('sets the cookie not_supported_{parser} for one day on path / and stays quiet while it exists', () => {
    const first = checkBrowser(UA.firefox78, '');
    expect(first?.cookie).toMatch(/^not_supported_firefox=1; max-age=86400; path=\//);
    expect(checkBrowser(UA.firefox78, 'x=1; not_supported_firefox=1')).toBeNull();
    expect(checkBrowser(UA.chrome120, '')).toBeNull();
  });

  it('shows the German error toast once', async () => {
    jest.useFakeTimers();
    const ua = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(UA.chrome89);
    document.cookie = 'not_supported_chrome=; max-age=0; path=/';
    const view = renderApp(<BrowserSupportCheck />);
    expect(
      await screen.findByText(
        'Leider wird Ihr aktueller Browser Chrome 89.0.4389.82 nicht unterstützt. Bitte verwenden Sie Chrome >=90, Edge >=90, Firefox >=90 oder Safari >=14.',
      ),
    ).toBeInTheDocument();
    expect(document.cookie).toContain('not_supported_chrome=1');
    view.unmount();
    renderApp(<BrowserSupportCheck />);
    act(() => {
      jest.advanceTimersByTime(100);
    });
    expect(screen.queryByText(/Leider wird Ihr aktueller Browser/)).not.toBeInTheDocument();
    ua.mockRestore();
    jest.useRealTimers();
  });
});
